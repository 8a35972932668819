import { services, serviceIds, type ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import type { Db } from '../store/db';

export type Setting = { mode: ConnectionMode; baseUrl: string; updatedAt: number | null };

type Row = { mode: ConnectionMode; base_url: string | null; updated_at: number };

/**
 * Per service: sandbox or live, and the live base URL. Without a choice: live when a key exists.
 * Read on every proxied request: the stored choice is kept in memory (this class is its only writer).
 */
export class ConnectionSettings {
  private readonly rows = new Map<ServiceId, Row | null>();

  constructor(
    private readonly db: Db,
    private readonly hasKey: (service: ServiceId) => boolean,
  ) {}

  get(service: ServiceId): Setting {
    let row = this.rows.get(service);
    if (row === undefined) {
      row = (this.db.prepare(`SELECT mode, base_url, updated_at FROM connections WHERE service = ?`).get(service) as Row | undefined) ?? null;
      this.rows.set(service, row);
    }
    return {
      mode: row?.mode ?? (this.hasKey(service) ? 'live' : 'sandbox'),
      baseUrl: row?.base_url ?? services[service].liveBaseUrl,
      updatedAt: row?.updated_at ?? null,
    };
  }

  set(service: ServiceId, mode: ConnectionMode, baseUrl: string, at: number) {
    this.db
      .prepare(
        `INSERT INTO connections (service, mode, base_url, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(service) DO UPDATE SET mode = excluded.mode, base_url = excluded.base_url, updated_at = excluded.updated_at`,
      )
      .run(service, mode, baseUrl, at);
    this.rows.delete(service);
  }

  all(): Array<[ServiceId, Setting]> {
    return serviceIds.map((s) => [s, this.get(s)]);
  }
}
