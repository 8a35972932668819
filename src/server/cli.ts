/**
 * Operator accounts from the console's machine (the password never goes on the command line):
 *   npx tsx src/server/cli.ts create-operator --email you@example.com [--name "Your Name"] [--role admin|operator|viewer]
 *   npx tsx src/server/cli.ts set-password --email you@example.com
 *   npx tsx src/server/cli.ts set-role --email you@example.com --role admin|operator|viewer
 * The password is asked for (twice, not shown) on a terminal, or read as the first line of
 * standard input: `printf '%s\n' "$PASSWORD" | npx tsx src/server/cli.ts create-operator --email ...`.
 * DATA_DIR names the data directory, as for the server.
 *
 * Moving a single-user console into team mode (README, Team mode):
 *   DATABASE_URL=postgres://… KEYS_SECRET=… [FROM_KEYS_SECRET=…] npx tsx src/server/cli.ts move-to-postgres
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openOperators, OperatorError } from './auth/operators';
import { parseKeysSecret } from './connections/key-cipher';
import { ROLES } from '../contracts/roles';
import { readEnv } from './env';
import { moveToPostgres } from './team/move-to-postgres';
import { teamSecret } from '../node-lib/shared-secrets';

const usage = `Usage:
  npx tsx src/server/cli.ts create-operator --email you@example.com [--name "Your Name"] [--role admin|operator|viewer]
  npx tsx src/server/cli.ts set-password --email you@example.com
  npx tsx src/server/cli.ts set-role --email you@example.com --role admin|operator|viewer
  npx tsx src/server/cli.ts move-to-postgres
The password is asked for on a terminal, or read as the first line of standard input.
Roles: a viewer reads and downloads; an operator also creates, spends and acts as agents; an
admin (the default) also sets keys, spend limits and accounts.
move-to-postgres copies the console in DATA_DIR into the empty PostgreSQL database at DATABASE_URL,
its keys sealed under KEYS_SECRET (FROM_KEYS_SECRET: the secret they were sealed with, if any).`;

/** Asks on the terminal without echoing what is typed. */
function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await ask('Password (at least 12 characters, not shown): ');
    const second = await ask('The same password again: ');
    if (first !== second) throw new OperatorError('The two passwords differ. Run the command again.');
    return first;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

/** The console in DATA_DIR into PostgreSQL, with a line per table: rows and both checksums. */
async function moveCommand(): Promise<number> {
  const env = readEnv();
  if (!env.DATABASE_URL || !env.KEYS_SECRET) {
    console.error('Set DATABASE_URL (the empty PostgreSQL database to move into) and KEYS_SECRET (the team\'s secret for saved keys).');
    return 2;
  }
  const from = process.env.FROM_KEYS_SECRET?.trim();
  const report = await moveToPostgres({
    dataDir: env.DATA_DIR,
    url: env.DATABASE_URL,
    fromSecret: from ? parseKeysSecret(from) : null,
    toSecret: env.KEYS_SECRET,
    progress: (line) => console.error(line),
  });
  console.log(['database', 'table', 'rows', 'sqlite', 'postgres', ''].join('\t'));
  for (const t of report.tables) console.log([t.database, t.table, t.rows, t.source, t.target, t.source === t.target ? (t.copied ? 'same' : 'same (rebuilt)') : 'DIFFERENT'].join('\t'));
  console.log(`${report.keys} saved keys sealed under the new KEYS_SECRET. Archived files stay in ${env.DATA_DIR}/archive, where team mode reads them.`);
  if (!report.ok) console.error('Some tables differ: do not start the team console on this database; keep using the SQLite files.');
  return report.ok ? 0 : 1;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'move-to-postgres') return moveCommand();
  if (command !== 'create-operator' && command !== 'set-password' && command !== 'set-role') {
    console.error(usage);
    return 2;
  }
  const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } }, strict: true });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) {
    console.error(`Give the operator's email with --email (for example --email you@example.com).\n\n${usage}`);
    return 2;
  }
  const role = z.enum(ROLES).safeParse(values.role ?? (command === 'create-operator' ? 'admin' : undefined));
  if (command !== 'set-password' && !role.success) {
    console.error(`Give the role with --role: ${ROLES.join(', ')}.\n\n${usage}`);
    return 2;
  }
  const env = readEnv();
  const operators = openOperators({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    secret: env.DATABASE_URL && env.KEYS_SECRET ? teamSecret(env.KEYS_SECRET, 'sign-in').toString('hex') : undefined,
    sessionHours: env.SESSION_HOURS,
  });
  try {
    await operators.ready;
    if (command === 'set-role' && role.success) {
      await operators.setRole(email.data, role.data);
      console.log(`${email.data.toLowerCase()} is now ${role.data === 'admin' ? 'an' : 'a'} ${role.data}.`);
      return 0;
    }
    const password = await readPassword();
    if (command === 'create-operator') {
      const operator = await operators.create(email.data, password, values.name?.trim() || undefined, role.success ? role.data : 'admin');
      console.log(`Operator ${operator.email} (${operator.role}) created in ${env.DATABASE_URL ? 'the team database' : env.DATA_DIR}. Start the console and sign in.`);
    } else {
      await operators.setPassword(email.data, password);
      console.log(`The password of ${email.data.toLowerCase()} is set; its sessions are signed out.`);
    }
    return 0;
  } catch (err) {
    if (err instanceof OperatorError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await operators.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('%s', err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
