import type { Db } from '../../shared/db';

export type MonitorRow = {
  seq: number;
  id: string;
  account: string;
  kind: 'account' | 'keyword';
  subject: string;
  subject_key: string;
  user_index: number | null;
  event_types: string;
  active: number;
  created_at: number;
  next_billing_at: number | null;
  paused_at: number | null;
  checked_slot: number;
  deleted: number;
};

export type EventRow = { seq: number; id: string; account: string; monitor_id: string; monitor_type: string; type: string; occurred_at: number; record: string };

/** Account and keyword monitors, and the events they produced. */
export class MonitorStore {
  constructor(private readonly db: Db) {}

  /** The live monitor on the same subject, if any (a second one is a 409). */
  existing(account: string, kind: MonitorRow['kind'], key: string): MonitorRow | undefined {
    return this.db.prepare(`SELECT * FROM social_monitors WHERE account = ? AND kind = ? AND subject_key = ? AND deleted = 0`).get(account, kind, key) as MonitorRow | undefined;
  }

  insert(m: Omit<MonitorRow, 'seq' | 'id' | 'deleted' | 'paused_at'>): MonitorRow {
    const info = this.db
      .prepare(
        `INSERT INTO social_monitors (id, account, kind, subject, subject_key, user_index, event_types, active, created_at, next_billing_at, checked_slot)
         VALUES ('', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(m.account, m.kind, m.subject, m.subject_key, m.user_index, m.event_types, m.active, m.created_at, m.next_billing_at, m.checked_slot);
    const id = String(5_200_000 + Number(info.lastInsertRowid));
    this.db.prepare(`UPDATE social_monitors SET id = ? WHERE seq = ?`).run(id, info.lastInsertRowid);
    return this.get(m.account, m.kind, id)!;
  }

  get(account: string, kind: MonitorRow['kind'], id: string): MonitorRow | undefined {
    return this.db.prepare(`SELECT * FROM social_monitors WHERE account = ? AND kind = ? AND id = ? AND deleted = 0`).get(account, kind, id) as MonitorRow | undefined;
  }

  list(account: string, kind: MonitorRow['kind']): MonitorRow[] {
    return this.db.prepare(`SELECT * FROM social_monitors WHERE account = ? AND kind = ? AND deleted = 0 ORDER BY seq DESC LIMIT 200`).all(account, kind) as MonitorRow[];
  }

  active(): MonitorRow[] {
    return this.db.prepare(`SELECT * FROM social_monitors WHERE active = 1 AND deleted = 0`).all() as MonitorRow[];
  }

  update(id: string, fields: Partial<Pick<MonitorRow, 'active' | 'event_types' | 'next_billing_at' | 'paused_at' | 'checked_slot' | 'deleted'>>) {
    const keys = Object.keys(fields);
    if (!keys.length) return;
    this.db.prepare(`UPDATE social_monitors SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...Object.values(fields), id);
  }

  addEvent(e: Omit<EventRow, 'seq' | 'id'>): EventRow {
    const info = this.db
      .prepare(`INSERT INTO social_events (id, account, monitor_id, monitor_type, type, occurred_at, record) VALUES ('', ?, ?, ?, ?, ?, ?)`)
      .run(e.account, e.monitor_id, e.monitor_type, e.type, e.occurred_at, e.record);
    const id = String(9_300_000 + Number(info.lastInsertRowid));
    this.db.prepare(`UPDATE social_events SET id = ? WHERE seq = ?`).run(id, info.lastInsertRowid);
    return { ...e, seq: Number(info.lastInsertRowid), id };
  }

  setEventRecord(id: string, record: string) {
    this.db.prepare(`UPDATE social_events SET record = ? WHERE id = ?`).run(record, id);
  }

  event(account: string, id: string): EventRow | undefined {
    return this.db.prepare(`SELECT * FROM social_events WHERE account = ? AND id = ?`).get(account, id) as EventRow | undefined;
  }

  /** Newest first, after the event with sequence `beforeSeq`. */
  events(account: string, q: { beforeSeq: number | null; limit: number; monitorId?: string | undefined; type?: string | undefined }): EventRow[] {
    return this.db
      .prepare(`SELECT * FROM social_events WHERE account = ? AND (? IS NULL OR seq < ?) AND (? IS NULL OR monitor_id = ?) AND (? IS NULL OR type = ?) ORDER BY seq DESC LIMIT ?`)
      .all(account, q.beforeSeq, q.beforeSeq, q.monitorId ?? null, q.monitorId ?? null, q.type ?? null, q.type ?? null, q.limit) as EventRow[];
  }
}
