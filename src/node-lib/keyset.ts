/**
 * Keyset paging over SQLite, newest first: an opaque cursor holding the last row's time and id
 * (never an offset, so the thousandth page costs what the first does), and a WHERE builder.
 */
export const encodeCursor = (at: number, id: number) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** The cursor's time and id; null when it is not one this console gave. */
export function decodeCursor(cursor: string): [number, number] | null {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(v) && v.length === 2 && v.every((n) => Number.isSafeInteger(n)) ? (v as [number, number]) : null;
  } catch {
    return null;
  }
}

/** Clauses joined by AND and their arguments in order. */
export function whereClauses() {
  const clauses: string[] = [];
  const args: unknown[] = [];
  return {
    args,
    add(clause: string, ...values: unknown[]) {
      clauses.push(clause);
      args.push(...values);
    },
    /** `WHERE a AND b`, or nothing. */
    sql: () => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''),
  };
}
