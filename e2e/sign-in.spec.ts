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
  for (const [email, role] of [
    ['ops@example.com', 'admin'],
    ['reader@example.com', 'viewer'],
  ]) {
    execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'create-operator', '--email', email as string, '--role', role as string], {
      input: 'a long and fine password\n',
      env: { ...process.env, DATA_DIR: dir },
    });
  }
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

test('a viewer sees what their role turns off: creating and spending, keys and resets', async ({ page }) => {
  const url = server?.url as string;
  await page.goto(`${url}/sign-in?next=%2F3d`);
  await page.getByLabel('Email').fill('reader@example.com');
  await page.getByLabel('Password').fill('a long and fine password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: '3D tasks', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Operator' })).toContainText('Signed in as reader@example.com (viewer)');
  await page.getByRole('button', { name: 'New preview' }).click();
  const queue = page.getByRole('button', { name: 'Queue preview' });
  await expect(queue).toBeDisabled();
  await expect(queue).toHaveAttribute('title', 'This needs an operator; you are signed in as a viewer.');
  await page.goto(`${url}/connections`);
  await expect(page.getByRole('button', { name: 'Save 3D connection', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reset the 3D sandbox', exact: true })).toBeDisabled();
  expect(await axeProblems(page, 'connections as a viewer')).toEqual([]);
});
