import type { TriptychDb } from './db';

/** Settings the operator saves in the console (the archive's retention…): each wins over its environment default. */
export class ConsoleSettings {
  constructor(private readonly db: TriptychDb) {}

  /** The saved value, or null (the environment's default holds). */
  async get(key: string): Promise<string | null> {
    const row = await this.db.q.selectFrom('console_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value ?? null;
  }

  async save(key: string, value: string, at: number): Promise<void> {
    await this.db.q
      .insertInto('console_settings')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
      .execute();
  }
}
