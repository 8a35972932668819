import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * What of the deploy files (README, Deploy) can be checked on this machine, which has no container
 * engine, registry or certificate authority: the Caddyfile passes Debian's `caddy validate`, and the
 * image's way of running (a production install, `node` only, a user without rights, its health
 * check command) works. Building the image and Caddy's certificates are not checked here.
 */

const root = resolve(import.meta.dirname, '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const compose = readFileSync(join(root, 'deploy/compose.yaml'), 'utf8');
const made: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The image's health check (its HEALTHCHECK line's `node -e` script). */
const healthScript = () => {
  const line = /HEALTHCHECK[^\n]*\n\s*CMD \[(.*)\]/.exec(dockerfile)?.[1];
  const args = JSON.parse(`[${line}]`) as string[];
  expect(args.slice(0, 2)).toEqual(['node', '-e']);
  return args[2] as string;
};

describe('deploy files', () => {
  it('the Caddyfile passes caddy validate (Debian’s caddy 2.6; .ci/run installs it)', () => {
    const caddy = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => existsSync(p));
    expect(caddy, 'caddy is not installed: apt-get install caddy').toBeDefined();
    const out = execFileSync(caddy as string, ['validate', '--config', join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, CONSOLE_HOST: 'console.example.com', ACME_EMAIL: 'ops@example.com', HOME: tmpdir() },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toContain('Valid configuration');
  });

  it('the compose file runs PostgreSQL, two consoles on it, the sandbox process they share and Caddy, and asks for every secret', () => {
    for (const service of ['db:', 'sandbox:', 'console:', 'caddy:']) expect(compose).toContain(`\n  ${service}\n`);
    expect(compose).toMatch(/replicas: 2/);
    expect(compose).toContain('SANDBOX_URL: http://sandbox:8790');
    for (const secret of ['POSTGRES_PASSWORD', 'KEYS_SECRET', 'CONSOLE_HOST', 'ACME_EMAIL']) expect(compose).toContain(`\${${secret}:?set ${secret}}`);
    // The image: two stages, a user without rights, the health check on /api/health.
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER triptych$/m);
    expect(healthScript()).toContain('/api/health');
  });

  it('a production install (no dev dependencies) runs the console with node only, as a user without rights, and the image’s health check passes', { timeout: 60_000 }, async () => {
    expect(userInfo().uid, 'this test runs as root (CI does) to start the console as another user').toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'triptych-prod-'));
    made.push(dir);
    chmodSync(dir, 0o755);
    for (const name of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'src']) cpSync(join(root, name), join(dir, name), { recursive: true });
    // The installed packages, linked (a copy would take long), then the dev ones dropped as the image's build does.
    try {
      execFileSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')], { stdio: 'ignore' });
    } catch {
      // The checkout on another file system than the temporary directory: no links across, a copy.
      rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
      execFileSync('cp', ['-a', join(root, 'node_modules'), join(dir, 'node_modules')]);
    }
    // npm rewrites this one in place: a copy of its own, not a link to the checkout's.
    unlinkSync(join(dir, 'node_modules/.package-lock.json'));
    cpSync(join(root, 'node_modules/.package-lock.json'), join(dir, 'node_modules/.package-lock.json'));
    execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    expect(existsSync(join(dir, 'node_modules/eslint')), 'dev dependencies are gone').toBe(false);
    const data = join(dir, 'data');
    mkdirSync(data);
    chownSync(data, 65534, 65534);

    const child = spawn('runuser', ['-u', 'nobody', '--', process.execPath, '--import', 'tsx', 'src/server/main.ts'], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: data }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    await expect.poll(() => /on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1], { timeout: 30_000 }).toBeDefined();
    const port = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1] as string;
    // The process is nobody's, and only node.
    const owner = execFileSync('ps', ['-o', 'user=,comm=', '--ppid', String(child.pid)], { encoding: 'utf8' }).trim();
    expect(owner).toMatch(/^nobody\s+node$/);
    const health = execFileSync(process.execPath, ['-e', healthScript()], { env: { ...process.env, PORT: port }, stdio: 'pipe' });
    expect(health.toString()).toBe('');
    const answer = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { status: string };
    expect(answer.status).toBe('ok');
  });
});
