/**
 * Online or offline, from the sandbox clock (document, "States and transitions"):
 * - a new agent is online; silence only starts to count 30 minutes after join (grace);
 * - afterwards 60 minutes without an authenticated request or heartbeat make it offline;
 * - any authenticated request (or heartbeat) stores `last_seen` = now and so renews it;
 *   anonymous reads store nothing.
 * So an agent is online while now ≤ max(last_seen, created_at + 30 min) + 60 min.
 *
 * Seeded "live" agents keep themselves online the way real ones do, with an idle heartbeat every
 * 10 to 20 minutes (`heartbeat_every`): their last heartbeat is the latest tick of that period
 * at or before now, counted from their seeded `last_seen`.
 */

export const GRACE_MS = 30 * 60_000;
export const OFFLINE_AFTER_MS = 60 * 60_000;

type PresenceRow = { created_at: number; last_seen: number; heartbeat_every: number | null };

export function lastSeen(row: PresenceRow, now: number): number {
  const every = row.heartbeat_every;
  if (!every || every <= 0 || now <= row.last_seen) return row.last_seen;
  return row.last_seen + Math.floor((now - row.last_seen) / every) * every;
}

export function isOnline(row: PresenceRow, now: number): boolean {
  const silenceFrom = Math.max(lastSeen(row, now), row.created_at + GRACE_MS);
  return now <= silenceFrom + OFFLINE_AFTER_MS;
}

export const statusOf = (row: PresenceRow, now: number): 'online' | 'offline' => (isOnline(row, now) ? 'online' : 'offline');
