/** The size of each piece a chunked body is pulled in. */
export const CHUNK = 64 * 1024;

/**
 * A chunked request body (no Content-Length to refuse it by) of `total` bytes, made only as the
 * server pulls it: `pulled` says how much it took, to show reading stopped at a limit.
 */
export function chunkedBody(total = 300 * 1024 * 1024, fill = 0x61) {
  const piece = new Uint8Array(CHUNK).fill(fill);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += CHUNK;
      controller.enqueue(piece);
    },
  });
  return { body, pulled: () => pulled };
}
