/**
 * Keyset paging, newest first: an opaque cursor holding the last row's time and id (never an
 * offset, so the thousandth page costs what the first does).
 */
export const encodeCursor = (at: number, id: number | string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

const read = (cursor: string): unknown => {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
};

/** The cursor's time and numeric id; null when it is not one this console gave. */
export function decodeCursor(cursor: string): [number, number] | null {
  const v = read(cursor);
  return Array.isArray(v) && v.length === 2 && Number.isSafeInteger(v[0]) && Number.isSafeInteger(v[1]) ? [Number(v[0]), Number(v[1])] : null;
}

/** The cursor's time and text id (a task id); null when it is not one this console gave. */
export function decodeTextCursor(cursor: string): [number, string] | null {
  const v = read(cursor);
  return Array.isArray(v) && v.length === 2 && Number.isSafeInteger(v[0]) && typeof v[1] === 'string' && v[1].length <= 200 ? [Number(v[0]), v[1]] : null;
}
