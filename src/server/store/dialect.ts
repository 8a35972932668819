import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * What a query needs from the database beyond portable SQL: the server's queries are written with
 * kysely for SQLite and PostgreSQL alike, and the few pieces that differ are named here. SQLite's
 * are in store/sqlite.ts; `portableDialect` serves any other database (and the test that compiles
 * every query for PostgreSQL).
 */
export type SqlDialect = {
  name: 'sqlite' | 'portable';
  /** Tasks whose id, prompt or name (their `search` column) hold `text`, 3 characters or more, through a text index. */
  taskText: (text: string) => Expression<SqlBool>;
};

/** `%`, `_` and `\` as themselves in a LIKE pattern (escaped with `\`). */
export const likeEscaped = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `column LIKE '%text%'` with the text taken literally (PostgreSQL serves it from a pg_trgm index). */
export const containsText = (column: string, text: string): Expression<SqlBool> => sql<SqlBool>`${sql.ref(column)} like ${`%${likeEscaped(text)}%`} escape '\\'`;

export const portableDialect: SqlDialect = {
  name: 'portable',
  taskText: (text) => containsText('tasks.search', text),
};
