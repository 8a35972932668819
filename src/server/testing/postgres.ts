import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server of its own for a test: Debian's package (`postgresql-15`, which `.ci/run`
 * installs when missing) started in a temporary directory, on 127.0.0.1 at a port the system
 * chose, and removed when `stop` is called or the test process ends. PostgreSQL refuses to run as
 * root, and CI runs as root: there the server runs as the `postgres` user the package made (the
 * child process takes its uid; no shell is involved). Durability is off (fsync, synchronous
 * commit): a test's database lives as long as the test.
 */
export type TestPostgres = {
  /** The database made at start. */
  url: string;
  /** Makes another, empty database on the same server and answers its URL. */
  newDatabase: () => Promise<string>;
  /** The directory of its programs (pg_dump, pg_restore, ...). */
  bin: string;
  stop: () => Promise<void>;
};

/** The newest installed PostgreSQL's programs (`PG_BIN` when set). */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL is not installed (apt-get install postgresql-15, or set PG_BIN)');
  return join(root, versions[0], 'bin');
}

/** The user the server runs as: `postgres` when this process is root, else this process's own. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function connectable(url: string, ms: number, exited: () => string | null): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      const why = exited();
      if (why !== null) throw new Error(`PostgreSQL stopped while starting: ${why}`, { cause: err });
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startPostgres(database = 'triptych'): Promise<TestPostgres> {
  const bin = binDir();
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'triptych-pg-'));
  const data = join(dir, 'data');
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  // Run from the temporary directory: the postgres user may not enter the checkout's.
  const as = { cwd: dir, ...(user ? { uid: user.uid, gid: user.gid } : {}) };
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...as, stdio: 'pipe' });
  const port = await freePort();
  let log = '';
  let exit: string | null = null;
  const server: ChildProcess = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { ...as, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  server.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) =>
    server.once('exit', (code, signal) => {
      exit = `exit ${code ?? signal}: ${log.trim().split('\n').slice(-3).join(' / ')}`;
      resolve();
    }),
  );
  // The test process ending for any reason takes the server with it.
  const onExit = () => server.kill('SIGINT');
  process.once('exit', onExit);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
  const create = async (name: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
    } finally {
      await client.end();
    }
    return urlOf(name);
  };
  let made = 0;
  try {
    await connectable(admin, 30_000, () => exit);
    await create(database);
  } catch (err) {
    server.kill('SIGINT');
    await exited;
    remove();
    throw err;
  }
  return {
    url: urlOf(database),
    newDatabase: () => create(`${database}_${++made}`),
    bin,
    stop: async () => {
      process.off('exit', onExit);
      if (exit === null) {
        // Fast shutdown: open sessions are ended, nothing is waited for.
        server.kill('SIGINT');
        await exited;
      }
      remove();
    },
  };
}

/** Rows a query answers on a database, read beside the console (its own connection, closed after). */
export async function queryRows(url: string, text: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

/** The consoles holding a task's watch (watch/leases.ts), by their lease connections' names. */
export const watchHolders = async (url: string) =>
  (
    await queryRows(
      url,
      "select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and l.granted and a.application_name like 'triptych-watch-%'",
    )
  ).map((r) => String(r.name));
