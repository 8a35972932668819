import type { ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import type { BalanceHistory } from '../../contracts/bff-history';
import type { Db } from './db';

/** Credit balances seen over time, for the balance chart. A point is kept only when it changes. */
export class Balances {
  constructor(private readonly db: Db) {}

  /** Records a balance; true when it differs from the last one. */
  record(service: ServiceId, mode: ConnectionMode, balance: number, at: number): boolean {
    const last = this.db.prepare(`SELECT balance FROM balances WHERE service = ? AND mode = ? ORDER BY at DESC, rowid DESC LIMIT 1`).get(service, mode) as
      | { balance: number }
      | undefined;
    if (last?.balance === balance) return false;
    this.db.prepare(`INSERT INTO balances (service, mode, at, balance) VALUES (?, ?, ?, ?)`).run(service, mode, at, balance);
    return true;
  }

  history(service: ServiceId, mode: ConnectionMode, limit = 500): BalanceHistory {
    const rows = this.db
      .prepare(`SELECT at, balance FROM (SELECT at, balance, rowid FROM balances WHERE service = ? AND mode = ? ORDER BY at DESC, rowid DESC LIMIT ?) ORDER BY at ASC`)
      .all(service, mode, limit) as Array<{ at: number; balance: number }>;
    return { service, mode, points: rows };
  }
}
