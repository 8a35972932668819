/**
 * A watcher's note in words: a JSON error body inside it ("…: {"message":"Task not found."}")
 * becomes its message, so no raw JSON reaches the page.
 */
export function readableNote(note: string): string {
  return note.replace(/\{[^{}]*\}/g, (json) => {
    try {
      const body = JSON.parse(json) as { message?: unknown; error?: unknown };
      const text = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : null;
      return text ?? 'an answer it could not read';
    } catch {
      return json;
    }
  });
}
