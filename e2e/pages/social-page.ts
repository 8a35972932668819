import { expect, type Locator, type Page } from '@playwright/test';

export type CardInfo = { pos: number; id: string; author: string | null; lang: string | null; time: string | null; likes: number; media: number };

/** The social pages: the search (box, order, filter panel, results), users and posts. */
export class SocialPage {
  readonly search: Locator;
  readonly queryBox: Locator;
  readonly feed: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('search', { name: 'Search posts' });
    this.queryBox = this.search.getByRole('searchbox', { name: 'Search query' });
    this.feed = page.getByRole('feed');
  }

  async goto(query?: { q?: string; order?: 'Latest' | 'Top' }) {
    const params = new URLSearchParams();
    // The router reads search values as JSON: a query goes in as a JSON string.
    if (query?.q) params.set('q', JSON.stringify(query.q));
    if (query?.order) params.set('order', query.order);
    await this.page.goto(`/social${params.size ? `?${params}` : ''}`);
    await expect(this.page.getByRole('heading', { name: 'Social', level: 1 })).toBeVisible();
  }

  async openFilters() {
    const toggle = this.search.getByRole('button', { name: 'Filters' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(this.filters).toBeVisible();
  }

  get filters(): Locator {
    return this.search.getByRole('group', { name: 'Query builder' });
  }

  async submit() {
    await this.search.getByRole('button', { name: 'Search', exact: true }).click();
  }

  async order(order: 'Latest' | 'Top') {
    await this.search.getByRole('group', { name: 'Order' }).getByRole('button', { name: order }).click();
  }

  /** The line after a list: loading more, its end, or why the next page failed (with Retry). */
  listState(list: Locator = this.feed): Locator {
    return list.locator('xpath=..');
  }

  cards(): Locator {
    return this.feed.getByRole('article');
  }

  /** What the cards in view show (the list is virtualized: only rows near the view exist). */
  async visibleCards(): Promise<CardInfo[]> {
    await expect(this.cards().first()).toBeVisible();
    return this.cards().evaluateAll((articles) =>
      articles.map((a) => {
        const card = a.querySelector('[data-post-id]') as HTMLElement;
        const likes = card.querySelector('[data-count="likes"] data') as HTMLDataElement | null;
        return {
          pos: Number(a.getAttribute('aria-posinset')),
          id: card.dataset.postId ?? '',
          author: card.dataset.author ?? null,
          lang: card.querySelector('p[lang]')?.getAttribute('lang') ?? null,
          time: card.querySelector('time')?.getAttribute('datetime') ?? null,
          likes: Number(likes?.value ?? 0),
          media: card.querySelectorAll('ul[aria-label="Attached media"] img').length,
        };
      }),
    );
  }

  /** The first `n` results, in order. */
  async firstCards(n: number): Promise<CardInfo[]> {
    await expect.poll(async () => (await this.visibleCards()).length).toBeGreaterThanOrEqual(Math.min(n, 3));
    return (await this.visibleCards()).sort((a, b) => a.pos - b.pos).slice(0, n);
  }

  /**
   * Scrolls the list down most of a screen at a time, noting every row seen (position → item id),
   * until a row past `position` has been seen, the list ends, or it shows a failure.
   */
  async scrollUntil(position: number, list: Locator = this.feed, key = 'data-post-id'): Promise<Map<number, string>> {
    const seen = new Map<number, string>();
    const scroller = list.locator('xpath=..');
    for (let step = 0; step < 400; step++) {
      const { rows, done } = await scroller.evaluate(
        (el, attr) => {
          const rows = [...el.querySelectorAll('[role=feed] > article')].map(
            (a) => [Number(a.getAttribute('aria-posinset')), a.querySelector(`[${attr}]`)?.getAttribute(attr) ?? ''] as [number, string],
          );
          const ended = [...el.querySelectorAll('[role=status]')].some((s) => s.textContent?.startsWith('End of the list'));
          const failed = el.querySelector('[role=alert]') !== null;
          el.scrollBy(0, el.clientHeight * 0.9);
          return { rows, done: ended || failed };
        },
        key,
      );
      for (const [pos, id] of rows) seen.set(pos, id);
      if (Math.max(0, ...seen.keys()) > position || done) break;
      // Let the list draw the rows the scroll brought into view (two frames), then read again.
      await scroller.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    }
    return seen;
  }

  /** Jumps to the end of the list (where the next page is asked for). */
  async scrollToEnd(list: Locator = this.feed) {
    await list.locator('xpath=..').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  }

  async goToUser(name: string) {
    const form = this.page.getByRole('form', { name: 'Go to user' });
    await form.getByRole('textbox', { name: 'User name or id' }).fill(name);
    await form.getByRole('button', { name: 'Go' }).click();
  }

  userTab(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'User lists' }).getByRole('link', { name, exact: true });
  }
}
