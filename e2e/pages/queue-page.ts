import { expect, type Locator, type Page } from '@playwright/test';

/** The 3D page: the preview form and the live queue. */
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

  async queuePreview(prompt: string, opts: { model?: 'latest' | 'model-6' | 'model-5' } = {}) {
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

  /** Samples a row's progress bar until its task finishes; returns the values seen. */
  async watchProgress(prompt: string, timeoutMs = 60_000): Promise<number[]> {
    const seen: number[] = [];
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const row = this.row(prompt);
      if (await row.getByText('Succeeded').isVisible().catch(() => false)) break;
      const bar = row.getByRole('progressbar');
      const v = await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null);
      if (v !== null && seen.at(-1) !== Number(v)) seen.push(Number(v));
      await this.page.waitForTimeout(100);
    }
    return seen;
  }

  async open(prompt: string) {
    await this.row(prompt).getByRole('link', { name: prompt, exact: true }).click();
  }
}
