/**
 * Operator accounts from the console's machine (the password never goes on the command line):
 *   npx tsx src/server/cli.ts create-operator --email you@example.com [--name "Your Name"]
 *   npx tsx src/server/cli.ts set-password --email you@example.com
 * The password is asked for (twice, not shown) on a terminal, or read as the first line of
 * standard input: `printf '%s\n' "$PASSWORD" | npx tsx src/server/cli.ts create-operator --email ...`.
 * DATA_DIR names the data directory, as for the server.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openOperators, OperatorError } from './auth/operators';
import { readEnv } from './env';

const usage = `Usage:
  npx tsx src/server/cli.ts create-operator --email you@example.com [--name "Your Name"]
  npx tsx src/server/cli.ts set-password --email you@example.com
The password is asked for on a terminal, or read as the first line of standard input.`;

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

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-operator' && command !== 'set-password') {
    console.error(usage);
    return 2;
  }
  const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) {
    console.error(`Give the operator's email with --email (for example --email you@example.com).\n\n${usage}`);
    return 2;
  }
  const env = readEnv();
  const operators = openOperators({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, sessionHours: env.SESSION_HOURS });
  try {
    await operators.ready;
    const password = await readPassword();
    if (command === 'create-operator') {
      const operator = await operators.create(email.data, password, values.name?.trim() || undefined);
      console.log(`Operator ${operator.email} created in ${env.DATABASE_URL ? 'the team database' : env.DATA_DIR}. Start the console and sign in.`);
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
