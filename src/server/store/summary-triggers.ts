import { sql, type RawBuilder } from 'kysely';

/*
 * The statements the summary tables' triggers run, for a row before (`old`) or after (`new`) the
 * change: SQLite's triggers (store/sqlite.ts) and PostgreSQL's trigger functions (store/postgres.ts)
 * run the same ones, so both databases keep the same sums.
 */

type Row = 'new' | 'old';

/** Counts a task in (`+`) or out (`-`) of task_counts, by service, status and type. */
export function countTask(r: Row, sign: '+' | '-'): RawBuilder<unknown> {
  return sign === '+'
    ? sql.raw(`insert into task_counts (service, status, type, n) values (${r}.service, ${r}.status, coalesce(${r}.type, ''), 1)
          on conflict (service, status, type) do update set n = task_counts.n + 1;`)
    : sql.raw(`update task_counts set n = n - 1 where service = ${r}.service and status = ${r}.status and type = coalesce(${r}.type, '');`);
}

/*
 * What a spend row counts for in spend_days: its charge once known, else its price; nothing for a
 * write the service refused or never made (spend/spend-log.ts).
 */
const counts = (r: Row, sign: '+' | '-') =>
  `amount = amount ${sign} (CASE WHEN ${r}.status IN ('sending', 'sent', 'recovered') THEN COALESCE(${r}.actual, ${r}.reserved) ELSE 0 END),
     writes = writes ${sign} (CASE WHEN ${r}.status != 'refused' THEN 1 ELSE 0 END),
     unsettled = unsettled ${sign} (CASE WHEN ${r}.actual IS NULL AND ${r}.status IN ('sending', 'sent', 'recovered') THEN ${r}.reserved ELSE 0 END),
     recovered = recovered ${sign} (CASE WHEN ${r}.status = 'recovered' THEN 1 ELSE 0 END)`;

/** Adds (`+`) or takes away (`-`) a spend row's part of its day's sums (with or without the unit in the key). */
export function countSpendDay(r: Row, sign: '+' | '-', withUnit: boolean): RawBuilder<unknown> {
  const cols = withUnit ? 'service, mode, unit, day' : 'service, mode, day';
  const row = withUnit ? `${r}.service, ${r}.mode, ${r}.unit, ${r}.day` : `${r}.service, ${r}.mode, ${r}.day`;
  const where = `service = ${r}.service AND mode = ${r}.mode${withUnit ? ` AND unit = ${r}.unit` : ''} AND day = ${r}.day`;
  return sql.raw(`insert into spend_days (${cols}) values (${row}) on conflict do nothing;
        update spend_days set ${counts(r, sign)} where ${where};`);
}
