import { expect, test } from './fixtures/test';

test('the shell shows each service, its mode and balance, and Three.js only loads with a viewer', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/3d$/);
  const services = page.getByRole('region', { name: 'Services' });
  for (const name of ['3D', 'Social', 'Agents']) await expect(services.getByText(name, { exact: true })).toBeVisible();
  await expect(services.getByText('Sandbox').first()).toBeVisible();
  await expect(services.getByLabel('3D credit balance')).toHaveText(/\d+ credits/);
  await expect(services.getByLabel('Social credit balance')).toHaveText(/credits/);
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /viewer/.test(s)), scripts.join('\n')).toBe(false);

  await page.getByRole('link', { name: /^Social/ }).click();
  await expect(page.getByRole('heading', { name: 'Social', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /^Agents/ }).click();
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
});

test('keyboard focus is visible and the theme switches', async ({ page }) => {
  await page.goto('/3d');
  await expect(page.getByRole('heading', { name: '3D tasks', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '3D', exact: true })).toBeFocused();
  const outline = await page.evaluate(() => {
    const cs = getComputedStyle(document.activeElement as HTMLElement);
    return { style: cs.outlineStyle, width: cs.outlineWidth };
  });
  expect(outline).toEqual({ style: 'solid', width: '2px' });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});
