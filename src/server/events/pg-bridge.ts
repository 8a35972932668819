import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LiveEvent } from '../../contracts/bff';
import type { EventHub } from './hub';

/**
 * Team mode (README, Team mode): several console processes on one PostgreSQL, and every tab on
 * every one of them sees every event. Each process LISTENs on one channel through a connection of
 * its own and NOTIFYs there what it publishes; what another process sent is given to this one's
 * listeners (checked with the LiveEvent schema first). A notification carries at most about 8 KB:
 * a task's event larger than that goes as its id, and the receiving process reads the task from
 * the database (`taskById`). The connection is opened again when it drops.
 */
const CHANNEL = 'triptych_events';
/** PostgreSQL refuses a payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

type Note = { from: string; event?: unknown; taskId?: string };

export async function bridgeEvents(
  hub: EventHub<LiveEvent>,
  url: string,
  opts: {
    taskById: (id: string) => Promise<LiveEvent | null>;
    /** Hears what another process published, before this process's tabs do (it reads again what it keeps in memory). */
    fromOthers?: (event: LiveEvent) => Promise<void>;
  },
): Promise<() => Promise<void>> {
  const self = randomUUID();
  let client: pg.Client | null = null;
  let stopped = false;

  const receive = async (payload: string | undefined) => {
    if (!payload) return;
    let note: Note;
    try {
      note = JSON.parse(payload) as Note;
    } catch {
      return;
    }
    if (note.from === self) return;
    if (typeof note.taskId === 'string') {
      const event = await opts.taskById(note.taskId).catch(() => null);
      if (event) hub.deliver(event);
      return;
    }
    const event = LiveEvent.safeParse(note.event);
    if (!event.success) return;
    await opts.fromOthers?.(event.data).catch((err: Error) => console.error('An event of another console process was not taken in: %s', err.message));
    hub.deliver(event.data);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => void receive(msg.payload));
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = null;
      // A dropped connection is opened again (a restart or fail-over of the database).
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  await connect();

  hub.relayTo((event) => {
    const full = JSON.stringify({ from: self, event });
    const payload = Buffer.byteLength(full) <= MAX_PAYLOAD ? full : event.type === 'task' ? JSON.stringify({ from: self, taskId: event.task.id }) : null;
    if (payload === null) {
      console.error('An event of %s bytes is too large to reach the other console processes', Buffer.byteLength(full));
      return;
    }
    client?.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((err: Error) => console.error('An event did not reach the other console processes: %s', err.message));
  });

  return async () => {
    stopped = true;
    hub.relayTo(null);
    await client?.end().catch(() => undefined);
  };
}
