import { expect, type Locator, type Page } from '@playwright/test';

/** The 3D page: the new-preview form (opened on demand) and the live queue. */
export class QueuePage {
  readonly form: Locator;
  readonly queue: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'New text to 3D preview' });
    this.queue = page.getByRole('table', { name: 'Task queue' });
  }

  async goto() {
    await this.page.goto('/3d');
    await expect(this.page.getByRole('heading', { name: '3D tasks', level: 1 })).toBeVisible();
  }

  /** Opens the form (it loads when asked for). */
  async openForm() {
    if (!(await this.form.isVisible())) await this.page.getByRole('button', { name: 'New preview', exact: true }).click();
    await expect(this.form).toBeVisible();
  }

  async queuePreview(prompt: string, opts: { model?: 'latest' | 'model-6' | 'model-5' } = {}) {
    await this.openForm();
    await this.form.getByLabel('Prompt').fill(prompt);
    if (opts.model) await this.form.getByLabel('AI model').selectOption(opts.model);
    await this.form.getByRole('button', { name: 'Queue preview' }).click();
  }

  row(prompt: string): Locator {
    return this.queue.getByRole('row').filter({ has: this.page.getByRole('link', { name: prompt, exact: true }) });
  }

  progress(prompt: string): Locator {
    return this.row(prompt).getByRole('progressbar');
  }

  /**
   * Every value a row's progress bar shows until its task succeeds: the page records each change
   * of `aria-valuenow` as it happens (no sampling), and the test waits for "Succeeded".
   */
  async watchProgress(prompt: string, timeoutMs = 60_000): Promise<number[]> {
    await expect(this.row(prompt)).toBeVisible();
    const key = `progress:${prompt}`;
    await this.page.evaluate(
      ({ key, prompt }) => {
        const seen: number[] = [];
        (window as unknown as Record<string, number[]>)[key] = seen;
        const read = () => {
          const row = [...document.querySelectorAll('tr')].find((r) => [...r.querySelectorAll('a')].some((a) => a.textContent === prompt));
          const v = row?.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow');
          if (v != null && seen.at(-1) !== Number(v)) seen.push(Number(v));
        };
        read();
        new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
      },
      { key, prompt },
    );
    await expect(this.row(prompt).getByText('Succeeded')).toBeVisible({ timeout: timeoutMs });
    return this.page.evaluate((key) => (window as unknown as Record<string, number[]>)[key] ?? [], key);
  }

  async open(prompt: string) {
    await this.row(prompt).getByRole('link', { name: prompt, exact: true }).click();
  }
}
