import { expect, test } from './fixtures/test';

test('the filter panel shows every wrong field beside it at once, and hides the last results under the problem', async ({ page, social }) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/tweets/search')) searches.push(r.url());
  });
  await social.goto({ q: 'coffee' });
  await expect(social.cards().first()).toBeVisible();
  const before = searches.length;

  await social.openFilters();
  const from = social.filters.getByLabel('From these accounts');
  const likes = social.filters.getByLabel('Minimum likes');
  await from.fill('alice not-a-name!');
  await likes.fill('-5');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAccessibleDescription(/From: needs a user name of 1 to 15 letters, digits or _ \(got "not-a-name!"\)/i);
  await expect(likes).toHaveAttribute('aria-invalid', 'true');
  await expect(likes).toHaveAccessibleDescription(/Min_faves: needs a whole number \(got "-5"\)/i);
  await expect(social.search.getByRole('button', { name: 'Filters (2 to fix)' })).toBeVisible();
  // The box says what is wrong with the query as a whole; the old results are not left under it.
  await expect(social.queryBox).toHaveAttribute('aria-invalid', 'true');
  // The box names the wrong user name too, not "OR needs a term on each side" for the list it became.
  await expect(social.queryBox).toHaveAccessibleDescription(/From: needs a user name of 1 to 15 letters, digits or _ \(got "not-a-name!"\)/i);
  await expect(social.feed).toHaveCount(0);
  await expect(page.getByText('Results are hidden until the query above reads')).toBeVisible();

  await social.submit();
  await expect(social.queryBox).toBeFocused();
  expect(searches.length).toBe(before);

  // Fixing a field takes its message away at once; a fixed query searches.
  await likes.fill('5');
  await expect(likes).not.toHaveAttribute('aria-invalid', 'true');
  await from.fill('alice');
  await expect(social.search.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await social.submit();
  await expect(page).toHaveURL(/from%3Aalice/);
  await expect(social.feed.or(page.getByText(/No posts match/))).toBeVisible();
});

test('an until that is not after since is flagged beside Until and nothing is searched', async ({ page, social }) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/tweets/search')) searches.push(r.url());
  });
  await social.goto();
  await social.openFilters();
  await social.filters.getByLabel('All of these words').fill('coffee');
  await social.filters.getByLabel('Since').fill('2025-06-01');
  await social.filters.getByLabel('Until').fill('2025-05-01');
  const until = social.filters.getByLabel('Until');
  await expect(until).toHaveAttribute('aria-invalid', 'true');
  await expect(until).toHaveAccessibleDescription(/Until \(2025-05-01\) must be a later day than since \(2025-06-01\): no post can match\./);
  await social.submit();
  await expect(social.queryBox).toBeFocused();
  expect(searches).toEqual([]);
  await social.filters.getByLabel('Until').fill('2025-07-01');
  await expect(until).not.toHaveAttribute('aria-invalid', 'true');
});

test('at 390 px a long query that finds nothing wraps inside its card', async ({ page, social }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await social.goto({ q: 'y'.repeat(200) });
  const empty = page.getByText(/^No posts match/);
  await expect(empty).toBeVisible();
  const word = await empty.locator('span').boundingBox();
  const card = await social.search.boundingBox();
  expect(word!.x + word!.width).toBeLessThanOrEqual(card!.x + card!.width);
});
