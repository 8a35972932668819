import type { Db } from '../../shared/db';

/**
 * One table's plain data access by its key column: insert, get, update some fields, and rows by
 * a WHERE clause. Column names come from code, never from requests.
 */
export class Table<R extends Record<string, unknown>> {
  constructor(
    readonly db: Db,
    readonly name: string,
    readonly key: keyof R & string,
  ) {}

  insert(row: Partial<R>) {
    const cols = Object.keys(row);
    this.db.prepare(`INSERT INTO ${this.name} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
  }

  get(key: string): R | undefined {
    return this.db.prepare(`SELECT * FROM ${this.name} WHERE ${this.key} = ?`).get(key) as R | undefined;
  }

  update(key: string, fields: Partial<R>) {
    const cols = Object.keys(fields).filter((c) => c !== this.key);
    if (cols.length === 0) return;
    this.db.prepare(`UPDATE ${this.name} SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE ${this.key} = @__key`).run({ ...fields, __key: key });
  }

  where(clause: string, ...args: unknown[]): R[] {
    return this.db.prepare(`SELECT * FROM ${this.name} WHERE ${clause}`).all(...args) as R[];
  }

  one(clause: string, ...args: unknown[]): R | undefined {
    return this.db.prepare(`SELECT * FROM ${this.name} WHERE ${clause}`).get(...args) as R | undefined;
  }

  count(clause: string, ...args: unknown[]): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM ${this.name} WHERE ${clause}`).get(...args) as { n: number }).n;
  }

  delete(clause: string, ...args: unknown[]) {
    return this.db.prepare(`DELETE FROM ${this.name} WHERE ${clause}`).run(...args).changes;
  }
}
