import { fnv1a } from '../../../shared/hash';

/**
 * Opaque cursors: base64url of a small JSON with the last key a page ended on and a tag of the
 * listing it belongs to (operation and query), so a cursor from another query is refused.
 * They hold ids, never offsets.
 */
export type CursorKey = Array<string | number>;

const tagOf = (scope: string) => fnv1a(scope).toString(36);

export function encodeCursor(scope: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify({ v: 1, t: tagOf(scope), k: key }), 'utf8').toString('base64url');
}

export type DecodedCursor = { ok: true; key: CursorKey } | { ok: false; message: string };

export function decodeCursor(scope: string, cursor: string): DecodedCursor {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, message: 'cursor is not one this service gave: pass next_cursor from the previous page unchanged' };
  }
  const c = parsed as { v?: unknown; t?: unknown; k?: unknown };
  const keyOk = Array.isArray(c.k) && c.k.length > 0 && c.k.every((x) => typeof x === 'string' || typeof x === 'number');
  if (c.v !== 1 || typeof c.t !== 'string' || !keyOk) {
    return { ok: false, message: 'cursor is not one this service gave: pass next_cursor from the previous page unchanged' };
  }
  if (c.t !== tagOf(scope)) return { ok: false, message: 'cursor belongs to another listing or query: start again without a cursor' };
  return { ok: true, key: c.k as CursorKey };
}
