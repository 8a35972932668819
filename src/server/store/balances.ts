import type { ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import type { BalanceHistory } from '../../contracts/bff-history';
import type { TriptychDb } from './db';

/** Credit balances seen over time, for the balance chart. A point is kept only when it changes. */
export class Balances {
  constructor(private readonly db: TriptychDb) {}

  /** Records a balance; true when it differs from the last one. */
  record(service: ServiceId, mode: ConnectionMode, balance: number, at: number): Promise<boolean> {
    return this.db.transaction(async () => {
      const last = await this.db.q
        .selectFrom('balances')
        .select('balance')
        .where('service', '=', service)
        .where('mode', '=', mode)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last?.balance === balance) return false;
      await this.db.q.insertInto('balances').values({ service, mode, at, balance }).execute();
      return true;
    });
  }

  async history(service: ServiceId, mode: ConnectionMode, limit = 500): Promise<BalanceHistory> {
    const newest = await this.db.q
      .selectFrom('balances')
      .select(['at', 'balance'])
      .where('service', '=', service)
      .where('mode', '=', mode)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return { service, mode, points: newest.reverse() };
  }
}
