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
