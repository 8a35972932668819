/**
 * Reading a request body with a size limit kept while reading: a body that declares more
 * (`Content-Length`) is refused unread, and a chunked one is read no further than the limit, its
 * stream then cancelled. Every route of the BFF and the sandbox that reads a body reads it through
 * here (the table operations through `readOperationInput`), so no body is held whole before its
 * size is known.
 */

/** The body's bytes, or null when it passes `max` bytes. */
export async function readCappedBytes(req: Request, max: number): Promise<Buffer | null> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > max) return null;
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, or null when it passes `max` bytes. */
export async function readCapped(req: Request, max: number): Promise<string | null> {
  const bytes = await readCappedBytes(req, max);
  return bytes === null ? null : bytes.toString('utf8');
}

/** A size in words: `16 KB`, `64 MB`. */
export const sizeWords = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * The text fields of a posted form (urlencoded or multipart; files left out, the last of a
 * repeated name kept), or null when the body passes `max` bytes. A body that is no form has none.
 */
export async function readCappedForm(req: Request, max: number): Promise<Record<string, string> | null> {
  const bytes = await readCappedBytes(req, max);
  if (bytes === null) return null;
  const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData().catch(() => new FormData());
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] = value;
  return fields;
}
