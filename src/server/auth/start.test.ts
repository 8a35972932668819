import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryRunner } from '../testing/run';

const dirs: string[] = [];
const { run, stopAll } = entryRunner();
afterEach(async () => {
  await stopAll();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'triptych-start-'));
  dirs.push(d);
  return d;
};

const cli = (args: string[], env: Record<string, string>, stdin: string) => run('src/server/cli.ts', args, env, stdin).done;

describe('starting with sign-in required', () => {
  it('refuses to start without an operator account, and says how to create one', async () => {
    const dir = dataDir();
    const forced = await run('src/server/main.ts', [], { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', REQUIRE_SIGN_IN: '1' }).done;
    expect(forced.code).toBe(1);
    expect(forced.err).toContain('Sign-in is required (REQUIRE_SIGN_IN=1 asks for it) and no operator account exists yet, so the console does not start.');
    expect(forced.err).toContain(`DATA_DIR=${dir} npx tsx src/server/cli.ts create-operator --email you@example.com`);
    expect(forced.out).not.toContain('Triptych console on');
    // Off loopback the same, without being asked (it never binds).
    const wide = await run('src/server/main.ts', [], { DATA_DIR: dir, PORT: '0', HOST: '0.0.0.0' }).done;
    expect(wide.code).toBe(1);
    expect(wide.err).toContain('Sign-in is required (HOST=0.0.0.0 is not a loopback address)');
  });

  it('the first account comes from the command line, the password from standard input; then the console starts and asks for it', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir };
    const short = await cli(['create-operator', '--email', 'ops@example.com'], env, 'short\n');
    expect(short.code).toBe(1);
    expect(short.err).toContain('The password must have at least 12 characters.');
    const inArgv = await cli(['create-operator', '--email', 'ops@example.com', '--password', 'a long and fine password'], env, '');
    expect(inArgv.code).not.toBe(0);
    const noEmail = await cli(['create-operator', '--email', 'not-an-email'], env, 'a long and fine password\n');
    expect(noEmail.code).toBe(2);
    expect(noEmail.err).toContain("Give the operator's email with --email");

    const created = await cli(['create-operator', '--email', 'Ops@Example.com'], env, 'a long and fine password\n');
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toContain('Operator ops@example.com (admin) created');
    const wizard = await cli(['create-operator', '--email', 'viewer@example.com', '--role', 'wizard'], env, 'a long and fine password\n');
    expect(wizard.code).toBe(2);
    expect(wizard.err).toContain('Give the role with --role: viewer, operator, admin.');
    const viewer = await cli(['create-operator', '--email', 'viewer@example.com', '--role', 'viewer'], env, 'a long and fine password\n');
    expect(viewer.out).toContain('Operator viewer@example.com (viewer) created');
    const again = await cli(['create-operator', '--email', 'ops@example.com'], env, 'another fine password\n');
    expect(again.code).toBe(1);
    expect(again.err).toContain('An operator with the email ops@example.com already exists.');

    const server = run('src/server/main.ts', [], { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', REQUIRE_SIGN_IN: '1' });
    const url = await vi.waitFor(
      () => {
        const said = /Triptych console on (http:\/\/\S+)/.exec(server.output())?.[1];
        if (said === undefined && server.child.exitCode === null) throw new Error('the console has not said its address yet');
        return said ?? null;
      },
      { timeout: 20_000, interval: 100 },
    );
    if (url === null) throw new Error(`the console exited: ${(await server.done).err}`);
    expect(server.output()).toContain('Operator sign-in is on; sessions last 12 h.');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/connections`)).status).toBe(401);
    const signIn = await fetch(`${url}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
      body: new URLSearchParams({ email: 'ops@example.com', password: 'a long and fine password', next: '/3d' }),
    });
    expect(signIn.status).toBe(303);
    const cookie = (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
    expect((await fetch(`${url}/api/connections`, { headers: { cookie } })).status).toBe(200);

    // A forgotten password is set again from the command line, which ends the sessions.
    const reset = await cli(['set-password', '--email', 'ops@example.com'], env, 'a replaced fine password\n');
    expect(reset.code).toBe(0);
    expect((await fetch(`${url}/api/connections`, { headers: { cookie } })).status).toBe(401);
  });
});
