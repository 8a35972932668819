import { services, serviceIds, type ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import type { TriptychDb } from '../store/db';

export type Setting = { mode: ConnectionMode; baseUrl: string; updatedAt: number | null };

type Row = { mode: ConnectionMode; base_url: string | null; updated_at: number };

/**
 * Per service: sandbox or live, and the live base URL. Without a choice: live when a key exists.
 * Read on every proxied request: the stored choices are read at start-up and kept in memory (this
 * class is their only writer in a process; in team mode another process's change arrives as an
 * event, and `reload` reads them again).
 */
export class ConnectionSettings {
  private constructor(
    private readonly db: TriptychDb,
    private readonly hasKey: (service: ServiceId) => boolean,
    private readonly rows: Map<ServiceId, Row>,
  ) {}

  static async open(db: TriptychDb, hasKey: (service: ServiceId) => boolean): Promise<ConnectionSettings> {
    const settings = new ConnectionSettings(db, hasKey, new Map());
    await settings.reload();
    return settings;
  }

  /** Reads the stored choices again (another process of the team changed them). */
  async reload(): Promise<void> {
    const rows = await this.db.q.selectFrom('connections').select(['service', 'mode', 'base_url', 'updated_at']).execute();
    this.rows.clear();
    for (const { service, ...row } of rows) this.rows.set(service, row);
  }

  get(service: ServiceId): Setting {
    const row = this.rows.get(service);
    return {
      mode: row?.mode ?? (this.hasKey(service) ? 'live' : 'sandbox'),
      baseUrl: row?.base_url ?? services[service].liveBaseUrl,
      updatedAt: row?.updated_at ?? null,
    };
  }

  async set(service: ServiceId, mode: ConnectionMode, baseUrl: string, at: number): Promise<void> {
    await this.db.q
      .insertInto('connections')
      .values({ service, mode, base_url: baseUrl, updated_at: at })
      .onConflict((oc) =>
        oc.column('service').doUpdateSet((eb) => ({ mode: eb.ref('excluded.mode'), base_url: eb.ref('excluded.base_url'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
    this.rows.set(service, { mode, base_url: baseUrl, updated_at: at });
  }

  all(): Array<[ServiceId, Setting]> {
    return serviceIds.map((s) => [s, this.get(s)]);
  }
}
