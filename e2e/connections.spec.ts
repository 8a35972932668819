import { expect, test } from './fixtures/test';

test.use({ allowedConsoleErrors: /status of 401/ });

test('a wrong key is refused with a clear message; a good one is verified and shown only as a hint', async ({ page, baseURL }) => {
  await page.goto('/connections');
  const card = page.getByRole('form', { name: '3D connection' });
  await card.getByLabel('Live service').check();
  // The console's own sandbox stands in for the live service, over real HTTP.
  await card.getByLabel('Base URL').fill(`${baseURL}/sandbox/gen3d`);
  await card.getByLabel('API key').fill('sk-wrong-key-000');
  await expect(card.getByText('Warning: keys of this service start with msy_.')).toBeVisible();
  await card.getByRole('button', { name: 'Save 3D connection' }).click();
  // The reason sits beside the key; the form says nothing was saved.
  await expect(card.getByLabel('API key')).toHaveAccessibleDescription(/refused this key \(HTTP 401\)/);
  await expect(card.getByText('Nothing was saved', { exact: true })).toBeVisible();
  // Editing the key clears what the last attempt said about it.
  await card.getByLabel('API key').fill('msy_');
  await expect(card.getByText('Nothing was saved', { exact: true })).toHaveCount(0);
  await expect(card.getByLabel('API key')).not.toHaveAccessibleDescription(/refused this key/);
  await expect(page.getByText('No key saved').first()).toBeVisible();

  const key = 'msy_e2e_live_key_7Q2z';
  await card.getByLabel('API key').fill(key);
  await card.getByRole('button', { name: 'Save 3D connection' }).click();
  await expect(card.getByText('Saved. The key was verified.')).toBeVisible();
  await expect(page.getByText('Key ••••7Q2z (saved)')).toBeVisible();
  await expect(card.getByLabel('API key')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Services' }).getByText('Live')).toBeVisible();

  const html = await page.content();
  expect(html).not.toContain(key);
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(storage).not.toContain(key);

  // Back to the sandbox for the other tests.
  await card.getByLabel('Embedded sandbox (offline, no key)').check();
  await card.getByRole('button', { name: 'Save 3D connection' }).click();
  await expect(card.getByText('Saved. This service runs on the sandbox.')).toBeVisible();
});
