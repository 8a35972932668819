import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * What a query needs from the database beyond portable SQL: the server's queries are written with
 * kysely for SQLite and PostgreSQL alike, and the few pieces that differ are named here. SQLite's
 * are in store/sqlite.ts, PostgreSQL's in store/postgres.ts.
 */
export type SqlDialect = {
  name: 'sqlite' | 'postgres';
  /** Tasks whose id, prompt or name (their `search` column) hold `text`, 3 characters or more, through a text index. */
  taskText: (text: string) => Expression<SqlBool>;
};

/** `%`, `_` and `\` as themselves in a LIKE pattern (escaped with `\`). */
export const likeEscaped = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `column LIKE '%text%'` (or ILIKE, any case) with the text taken literally (PostgreSQL serves both from a pg_trgm index). */
export const containsText = (column: string, text: string, op: 'like' | 'ilike' = 'like'): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} ${sql.raw(op)} ${`%${likeEscaped(text)}%`} escape '\\'`;
