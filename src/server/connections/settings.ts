import { services, serviceIds, type ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import type { Db } from '../store/db';

export type Setting = { mode: ConnectionMode; baseUrl: string; updatedAt: number | null };

/** Per service: sandbox or live, and the live base URL. Without a choice: live when a key exists. */
export class ConnectionSettings {
  constructor(
    private readonly db: Db,
    private readonly hasKey: (service: ServiceId) => boolean,
  ) {}

  get(service: ServiceId): Setting {
    const row = this.db.prepare(`SELECT mode, base_url, updated_at FROM connections WHERE service = ?`).get(service) as
      | { mode: ConnectionMode; base_url: string | null; updated_at: number }
      | undefined;
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
  }

  all(): Array<[ServiceId, Setting]> {
    return serviceIds.map((s) => [s, this.get(s)]);
  }
}
