import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';

const isSearch = (url: string) => url.includes('/api/social/api/v1/x/tweets/search');

/** A user whose followers fill more than two pages of 50, found through the console's API. */
async function popularUser(request: APIRequestContext): Promise<string> {
  const res = await request.get(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent('min_faves:200 filter:verified')}&queryType=Top&limit=50`);
  const { tweets } = (await res.json()) as { tweets: Array<{ author: { username: string; followers: number } }> };
  const candidates = [...new Set(tweets.sort((a, b) => b.author.followers - a.author.followers).map((t) => t.author.username))];
  for (const name of candidates.slice(0, 10)) {
    const page = (await (await request.get(`/api/social/api/v1/x/users/${name}/followers?limit=100`)).json()) as { users: unknown[]; has_next_page: boolean };
    if (page.has_next_page || page.users.length > 100) return name;
  }
  throw new Error('no user with more than 100 followers among the top posts');
}

test('the filter panel writes the query, the results obey it, and the next page loads on scroll', async ({ page, social }) => {
  await social.goto();
  await expect(page.getByRole('region', { name: 'Services' }).getByLabel('Social credit balance')).toHaveText(/\d.* credits/);

  await social.openFilters();
  await social.filters.getByLabel('Language').selectOption('ja');
  await social.filters.getByLabel('Media only').check();
  await social.filters.getByLabel('Exclude replies').check();
  await expect(social.queryBox).toHaveValue('lang:ja filter:media -filter:replies');
  await social.submit();
  await expect(page).toHaveURL(/q=/);
  expect(new URL(page.url()).searchParams.get('q')).toContain('lang:ja filter:media -filter:replies');

  const first = await social.firstCards(10);
  expect(first.length).toBeGreaterThan(3);
  for (const card of first) {
    expect(card.lang, `post ${card.id} language`).toBe('ja');
    expect(card.media, `post ${card.id} media`).toBeGreaterThan(0);
  }

  // A second page (50 a page) arrives by scrolling; every post is shown once.
  const seen = await social.scrollUntil(60);
  expect(Math.max(...seen.keys())).toBeGreaterThan(60);
  const ids = [...seen.values()];
  expect(new Set(ids).size, 'no post is listed twice').toBe(ids.length);
  const later = await social.visibleCards();
  for (const card of later) expect(card.lang).toBe('ja');

  // The box reads back into the panel; syntax the panel cannot show locks it instead.
  await social.queryBox.fill('coffee (tea OR milk) -"decaf coffee"');
  await expect(social.search.getByText('The query uses syntax these fields cannot show')).toBeVisible();
  await expect(social.filters.getByLabel('All of these words')).toBeDisabled();
  await social.queryBox.fill('coffee from:alice');
  await expect(social.filters.getByLabel('All of these words')).toHaveValue('coffee');
  await expect(social.filters.getByLabel('From these accounts')).toHaveValue('alice');
  await expect(social.filters.getByLabel('All of these words')).toBeEnabled();
});

test('a query with bad syntax shows its sentence and sends no request', async ({ page, social }) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (isSearch(r.url())) searches.push(r.url());
  });
  await social.goto();
  await social.queryBox.fill('coffee "flat white');
  await expect(social.search.getByText('a quoted phrase is not closed: add the closing "')).toBeVisible();
  await expect(social.queryBox).toHaveAttribute('aria-invalid', 'true');
  await social.queryBox.press('Enter');
  await social.submit();
  await social.queryBox.fill('since:2025-02-30 rain');
  await expect(social.search.getByText('since: needs a date as YYYY-MM-DD (got "2025-02-30")')).toBeVisible();
  await social.submit();
  await expect(social.queryBox).toBeFocused();
  // A wrong query in a link is not sent either.
  await social.goto({ q: '(rain OR snow' });
  await expect(social.search.getByText('a "(" is not closed: add the closing ")"')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(searches).toEqual([]);
  expect(new URL(page.url()).searchParams.get('q')).toBe(JSON.stringify('(rain OR snow'));
  await expect(social.feed).toHaveCount(0);
});

test('Latest and Top order the same query differently, and the back button returns', async ({ page, social }) => {
  await social.goto();
  await social.queryBox.fill('coffee');
  await social.queryBox.press('Enter');
  await expect(social.feed).toHaveAccessibleName(/latest first/);
  const latest = await social.firstCards(10);
  const times = latest.map((c) => Date.parse(c.time ?? ''));
  expect(times, 'Latest is newest first').toEqual([...times].sort((a, b) => b - a));

  await social.order('Top');
  await expect(page).toHaveURL(/order=Top/);
  await expect(social.feed).toHaveAccessibleName(/top first/);
  await expect(social.search.getByRole('button', { name: 'Top' })).toHaveAttribute('aria-pressed', 'true');
  const top = await social.firstCards(10);
  expect(top.map((c) => c.id)).not.toEqual(latest.map((c) => c.id));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  expect(median(top.map((c) => c.likes)), 'Top puts the most liked first').toBeGreaterThan(median(latest.map((c) => c.likes)));
  expect(top[0]?.likes).toBeGreaterThanOrEqual(Math.max(...latest.map((c) => c.likes)));

  await page.goBack();
  await expect(social.feed).toHaveAccessibleName(/latest first/);
  await expect(social.search.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
  await expect(social.queryBox).toHaveValue('coffee');
});

test('open a user by name and page through their followers', async ({ page, social, request }) => {
  const name = await popularUser(request);
  await social.goto();
  await social.goToUser('not a name!');
  await expect(page.getByText('A user name has 1 to 15 letters, digits or _')).toBeVisible();
  await social.goToUser(`@${name}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`@${name}`);
  await expect(page.getByRole('img', { name: /^Last \d+ posts:/ })).toBeVisible();

  await social.userTab('Followers').click();
  await expect(page).toHaveURL(/tab=followers/);
  await expect(social.userTab('Followers')).toHaveAttribute('aria-current', 'page');
  const followers = page.getByRole('feed', { name: `Followers of @${name}` });
  await expect(followers.getByRole('article').first()).toBeVisible();
  const seen = await social.scrollUntil(55, followers, 'data-user-id');
  expect(Math.max(...seen.keys()), 'the second page of followers loaded').toBeGreaterThan(55);
  expect(new Set(seen.values()).size).toBe(seen.size);

  // Verified followers: a subset of the followers, each with its verified mark.
  await social.userTab('Verified followers').click();
  await expect(page).toHaveURL(/tab=verified/);
  const verified = page.getByRole('feed', { name: `Verified followers of @${name}` });
  const rows = verified.getByRole('article');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  for (let i = 0; i < shown; i++) await expect(rows.nth(i).getByRole('img', { name: /^Verified (account|subscriber)$/ })).toBeVisible();
  await social.userTab('Followers').click();

  // A follower opens as a user page.
  await followers.locator('xpath=..').evaluate((el) => el.scrollTo(0, 0));
  const follower = followers.locator('article[aria-posinset="1"]').getByRole('link').first();
  const followerName = (await follower.textContent()) ?? '';
  await follower.click();
  await expect(page).not.toHaveURL(/tab=followers/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(followerName);
});

test('a post opens with its replies, thread, quotes, reposters and likers', async ({ page, social }) => {
  await social.goto({ q: 'min_replies:3', order: 'Top' });
  const [card] = await social.firstCards(1);
  await social
    .cards()
    .first()
    .getByRole('link', { name: /^Open post/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/social/posts/${card?.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Post by');
  const replies = page.getByRole('feed', { name: 'Replies of this post' });
  await expect(replies.getByRole('article').first()).toBeVisible();
  const lists = page.getByRole('navigation', { name: 'Post lists' });
  await lists.getByRole('link', { name: 'Thread' }).click();
  const thread = page.getByRole('feed', { name: 'Conversation of this post' });
  await expect(thread.locator(`[data-post-id="${card?.id}"]`)).toHaveAttribute('aria-current', 'true');
  await lists.getByRole('link', { name: 'Liked by' }).click();
  await expect(page.getByRole('feed', { name: 'Liked by (this post)' }).or(page.getByText('Nobody has liked this post yet.'))).toBeVisible();
});

test.describe('when the service fails', () => {
  test.use({ allowedConsoleErrors: /status of 403/ });

  test('a page that fails says why and loads on Retry', async ({ social, request }) => {
    await social.goto({ q: 'lang:en' });
    await expect(social.cards().first()).toBeVisible();
    const fault = await request.post('/sandbox/__control/social/faults', {
      data: {
        kind: 'http',
        status: 403,
        method: 'GET',
        path: 'tweets/search',
        body: { error: 'forbidden', message: 'The connected account needs attention in the dashboard.' },
      },
    });
    expect(fault.ok()).toBe(true);
    try {
      await social.scrollToEnd();
      const failed = social.listState().getByRole('alert');
      await expect(failed).toContainText('More posts could not be loaded');
      await expect(failed).toContainText('dashboard');
      await failed.getByRole('button', { name: 'Retry' }).click();
      await expect(failed).toBeHidden();
      const seen = await social.scrollUntil(55);
      expect(Math.max(...seen.keys())).toBeGreaterThan(55);
    } finally {
      await request.delete('/sandbox/__control/social/faults');
    }
  });
});

test('people search finds accounts by the words of their bio and pages on; an empty search sends nothing', async ({ page, social }) => {
  await social.goto();
  await page.getByRole('link', { name: 'Search people by name or bio →' }).click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  const form = page.getByRole('search', { name: 'Search people' });
  const box = form.getByRole('searchbox', { name: 'Name, user name or words in a bio' });

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/users/search')) sent.push(r.url());
  });
  await box.fill('   ');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByText('Type a name, a user name or words from a bio.')).toBeVisible();
  await expect(box).toBeFocused();
  expect(sent).toEqual([]);

  await box.fill('engineer');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=engineer/);
  const people = page.getByRole('feed', { name: 'People matching “engineer”' });
  await expect(people.getByRole('article').first()).toBeVisible();
  const firstRows = await people.getByRole('article').evaluateAll((rows) => rows.slice(0, 5).map((r) => r.textContent ?? ''));
  for (const text of firstRows) expect(text.toLowerCase()).toContain('engineer');
  // Past the sandbox's page of 20: the next page loads on scroll, nobody twice.
  const seen = await social.scrollUntil(25, people, 'data-user-id');
  expect(Math.max(...seen.keys())).toBeGreaterThan(25);
  expect(new Set(seen.values()).size).toBe(seen.size);

  // A match opens as a user page.
  await people.locator('xpath=..').evaluate((el) => el.scrollTo(0, 0));
  const first = people.locator('article[aria-posinset="1"]').getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});
