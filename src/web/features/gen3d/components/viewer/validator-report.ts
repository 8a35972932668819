import type { ValidatorReport } from 'gltf-validator';

/** Runs the Khronos glTF validator, fetched only now (its own chunk, about 300 KB). */
export async function validateGlb(bytes: ArrayBuffer): Promise<ValidatorReport> {
  const validator = await import('gltf-validator');
  return validator.validateBytes(new Uint8Array(bytes.slice(0)), { maxIssues: 200 });
}

export const severityName = (severity: number) => (['Error', 'Warning', 'Info', 'Hint'][severity] ?? 'Note');
