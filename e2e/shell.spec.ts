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
  expect(
    scripts.some((s) => /viewer/.test(s)),
    scripts.join('\n'),
  ).toBe(false);

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
  // A primary button takes the new theme's colours at once, not fading through a mix of both
  // (a mix that reads too faint for axe's contrast check).
  const primary = page.locator('.ui-btn-primary').first();
  await expect(primary).toBeVisible();
  const colours = await primary.evaluate((button) => {
    const read = () => getComputedStyle(button).backgroundColor;
    const before = read();
    const toggle = document.querySelector('button[aria-label="Switch to dark theme"]') as HTMLButtonElement;
    toggle.click();
    const right = read();
    toggle.click();
    return { before, right, back: read() };
  });
  expect(colours.right).not.toBe(colours.before);
  expect(colours.back).toBe(colours.before);
});

test('at 390 px the navigation folds into a menu, and a caller’s widths win over the primitives’', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/3d');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Social' }).click();
  await expect(page.getByRole('heading', { name: 'Social', level: 1 })).toBeVisible();
  await expect(nav).toBeHidden();

  // Selects are full width by default; the subnets scope (w-52) and "Acting as" (w-64) ask for less.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/agents/subnets');
  await expect(page.getByRole('heading', { name: 'Subnets', level: 1 })).toBeVisible();
  const width = async (name: string) => (await page.getByRole('combobox', { name, exact: true }).boundingBox())?.width;
  expect(await width('Show')).toBe(208);
  expect(await width('Acting as')).toBe(256);
});

test.describe('offline', () => {
  // The browser's own lines for requests it could not send while offline.
  test.use({ allowedConsoleErrors: /ERR_INTERNET_DISCONNECTED/ });
  test('the live status says when the event stream is lost and comes back by itself', async ({ page }) => {
    await page.goto('/3d');
    const live = page.locator('[data-live]').last();
    await expect(live).toHaveAttribute('data-live', 'connected');
    await page.context().setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(live).toHaveText('Offline');
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(live).toHaveText('Live updates');
  });
});
