import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test';

/** Every page passes axe (WCAG 2.1 A and AA: names, roles, contrast) in both themes. */
const pages = ['/3d', '/connections', '/social', '/social/people?q=engineer', '/agents'];

for (const theme of ['light', 'dark'] as const) {
  test(`pages are accessible in the ${theme} theme`, async ({ page, queue }) => {
    await page.addInitScript((t) => localStorage.setItem('triptych-theme', t), theme);
    // A finished task, so the task page has its viewer, downloads and refine form.
    await queue.goto();
    const prompt = `a golden lamp ${theme}`;
    await queue.queuePreview(prompt, { model: 'model-5' });
    await expect(queue.row(prompt).getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
    await queue.open(prompt);
    await expect(page.getByRole('button', { name: 'Screenshot' })).toBeEnabled({ timeout: 30_000 });
    const taskUrl = new URL(page.url()).pathname;

    for (const path of [...pages, taskUrl]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const problems = results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary?.split('\n')[1] ?? ''}`);
      expect(problems, problems.join('\n')).toEqual([]);
    }
  });
}
