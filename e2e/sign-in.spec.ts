import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConsole } from '../scripts/console';
import { expect, test } from './fixtures/test';
import { axeProblems } from './fixtures/axe';

/** A console of its own with sign-in forced on (REQUIRE_SIGN_IN=1) and one operator. */
let server: Awaited<ReturnType<typeof startConsole>> | null = null;
const dir = mkdtempSync(join(tmpdir(), 'triptych-e2e-sign-in-'));
test.beforeAll(async () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'create-operator', '--email', 'ops@example.com'], {
    input: 'a long and fine password\n',
    env: { ...process.env, DATA_DIR: dir },
  });
  server = await startConsole({ REQUIRE_SIGN_IN: '1' }, { dataDir: dir });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});
// Refused sign-ins and password changes answer 401/400: the browser logs those.
test.use({ allowedConsoleErrors: /status of 40[01]/ });

test('an operator signs in, changes the password and signs out', async ({ page }) => {
  const url = server?.url as string;
  await page.goto(`${url}/3d`);
  await expect(page).toHaveURL(`${url}/sign-in?next=%2F3d`);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  expect(await axeProblems(page, 'sign-in')).toEqual([]);

  await page.getByLabel('Email').fill('ops@example.com');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is not right.');
  await expect(page.getByLabel('Email')).toHaveValue('ops@example.com');

  await page.getByLabel('Password').fill('a long and fine password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${url}/3d`);
  await expect(page.getByRole('heading', { name: '3D tasks', level: 1 })).toBeVisible();
  const operator = page.getByRole('region', { name: 'Operator' });
  await expect(operator).toContainText('Signed in as ops@example.com');

  await operator.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await page.getByLabel('Current password').fill('a long and fine password');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('New password again').fill('a brand new password');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByRole('status')).toHaveText('The password is changed. Your other sessions are signed out.');

  await page.getByRole('link', { name: 'Back to the console' }).click();
  await expect(page.getByRole('heading', { name: '3D tasks', level: 1 })).toBeVisible();
  await page.getByRole('region', { name: 'Operator' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await page.goto(`${url}/connections`);
  await expect(page).toHaveURL(`${url}/sign-in?next=%2Fconnections`);
  await page.getByLabel('Email').fill('ops@example.com');
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
});
