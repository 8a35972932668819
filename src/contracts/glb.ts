/**
 * The glTF extensions a GLB names in its JSON chunk (`extensionsUsed`), read without parsing the
 * file: the viewer fetches a decoder only for a file that needs one (Draco, KTX2, meshopt), and the
 * sandbox makes its Draco decoder only then. Empty for anything that is not a readable GLB (the
 * loaders report what is wrong with it).
 */
export function glbExtensionsUsed(bytes: Uint8Array): string[] {
  if (bytes.byteLength < 20) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  if (view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a || 20 + length > bytes.byteLength) return [];
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length))) as { extensionsUsed?: unknown };
    return Array.isArray(json.extensionsUsed) ? json.extensionsUsed.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
