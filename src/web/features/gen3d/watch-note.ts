import type { LedgerTask } from '../../../contracts/bff';
import { isRunning } from './task-view';

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

/**
 * What the queue says under a task about watching it: the watcher's last problem in words, while
 * the task still runs. A finished task's watch is over, and its last problem (the service no
 * longer knowing a task deleted before it started) no longer matters.
 */
export const watchNote = (t: LedgerTask): string | null => (isRunning(t) && t.watch.lastError ? readableNote(t.watch.lastError) : null);
