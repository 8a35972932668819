import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Provider from 'oidc-provider';
import { freePort, startConsole } from '../scripts/console';
import { expect, test } from './fixtures/test';
import { axeProblems } from './fixtures/axe';

/*
 * OpenID Connect sign-in (README, Team mode) against a real OpenID provider on loopback
 * (oidc-provider 8.8, its development login and consent pages): the console discovers it, sends
 * the browser there and back, and signs the person into the account with their email.
 */

const dir = mkdtempSync(join(tmpdir(), 'triptych-e2e-oidc-'));
let idp: Server | null = null;
let server: Awaited<ReturnType<typeof startConsole>> | null = null;

test.beforeAll(async () => {
  const [consolePort, idpPort] = [await freePort(), await freePort()];
  const issuer = `http://127.0.0.1:${idpPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'triptych-console',
        client_secret: 'a client secret long enough for the provider',
        redirect_uris: [`http://127.0.0.1:${consolePort}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Whoever logs in at the provider is the person named by the login (its development pages take any).
    async findAccount(_ctx: unknown, id: string) {
      // "unverified" says it is lead@example.com without having checked it.
      if (id === 'unverified') return { accountId: id, claims: () => ({ sub: id, email: 'lead@example.com', email_verified: false, name: id }) };
      return { accountId: id, claims: () => ({ sub: id, email: `${id}@example.com`, email_verified: true, name: id }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['a cookie key for the test provider'] },
  });
  const handle = provider.callback();
  idp = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok) => idp?.listen(idpPort, '127.0.0.1', ok));

  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'create-operator', '--email', 'lead@example.com', '--role', 'operator'], {
    input: 'a long and fine password\n',
    env: { ...process.env, DATA_DIR: dir },
  });
  server = await startConsole(
    {
      REQUIRE_SIGN_IN: '1',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'triptych-console',
      OIDC_CLIENT_SECRET: 'a client secret long enough for the provider',
      OIDC_NAME: 'Test IdP',
      PUBLIC_URL: `http://127.0.0.1:${consolePort}`,
    },
    { dataDir: dir, port: consolePort },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise((ok) => (idp ? idp.close(ok) : ok(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

// The provider's development pages import a web font from the internet: the browser is stopped
// before it asks (no test reaches off this machine), which it reports, as it does the provider's
// missing favicon.
test.use({ allowedConsoleErrors: /Failed to load resource: (net::ERR_FAILED|the server responded with a status of 404)/ });
test.beforeEach(async ({ context }) => {
  await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
});

/** At the provider's development pages: log in as `login`, then consent. */
async function atProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
}

test('a person signs in with the team’s OpenID provider into the account with their email, with its role', async ({ page }) => {
  const url = server?.url as string;
  await page.goto(`${url}/spend`);
  await expect(page).toHaveURL(`${url}/sign-in?next=%2Fspend`);
  expect(await axeProblems(page, 'sign-in with OpenID')).toEqual([]);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await atProvider(page, 'lead');
  await expect(page).toHaveURL(`${url}/spend`);
  await expect(page.getByRole('region', { name: 'Operator' })).toContainText('Signed in as lead@example.com (operator)');
});

test('a person the provider knows but the console has no account for is turned away, and told why', async ({ page }) => {
  const url = server?.url as string;
  await page.goto(`${url}/sign-in`);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await atProvider(page, 'stranger');
  await expect(page).toHaveURL(/\/sign-in\?sso-failed/);
  await expect(page.getByRole('alert')).toHaveText('Test IdP knows you, but no operator account here has your email. Ask an admin to create one (it sets your role), then sign in again.');
  await page.goto(`${url}/3d`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2F3d/);
});

test('an email the provider has not verified opens no account, even one that exists', async ({ page }) => {
  const url = server?.url as string;
  await page.goto(`${url}/sign-in`);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await atProvider(page, 'unverified');
  await expect(page).toHaveURL(/\/sign-in\?sso-failed/);
  await expect(page.getByRole('alert')).toContainText('Signing in with Test IdP did not work');
  await page.goto(`${url}/3d`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2F3d/);
});
