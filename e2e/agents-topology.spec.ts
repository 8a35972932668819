import { expect, test } from './fixtures/test';

test.describe('topology', () => {
  test('draws agents, subnets and orgs; zooms by buttons and wheel, pans by drag, resets; a node opens its page by click and by keyboard', async ({ page }) => {
    await page.goto('/agents/topology');
    await expect(page.getByRole('heading', { name: 'Topology', level: 1 })).toBeVisible();
    const graph = page.getByRole('group', { name: /^Network topology/ });
    await expect(graph).toBeVisible();

    // Nodes are drawn: the seeded subnet with its owner, its org, its members, each a link with what it is.
    const subnet = graph.getByRole('link', { name: /^subnet Translation Guild, \d+ members, owned by Lingua Bridge$/ });
    await expect(subnet).toBeVisible();
    await expect(graph.getByRole('link', { name: 'organization Translators Collective, bound to subnet Translation Guild' })).toBeVisible();
    await expect(graph.getByRole('link', { name: /^agent Lingua Bridge, (online|offline), owner of .*Translation Guild/ })).toBeAttached();
    await expect(graph.getByRole('link', { name: /^agent Polyglot Relay, (online|offline), member of .*Translation Guild/ })).toBeAttached();
    const circles = await graph.locator('circle').count();
    expect(circles).toBeGreaterThan(40);
    expect(await graph.locator('line').count()).toBeGreaterThan(0);
    // Laid out: nodes spread over the canvas, not piled up.
    const spots = await graph.locator('circle').evaluateAll((cs) => new Set(cs.map((c) => `${Math.round(Number(c.getAttribute('cx')))},${Math.round(Number(c.getAttribute('cy')))}`)).size);
    expect(spots).toBe(circles);

    // Zoom: the buttons, the wheel, and reset; agents' names show once zoomed in.
    const status = page.getByRole('status').filter({ hasText: /agents · \d+ subnets/ });
    await expect(status).toContainText('· 100%');
    // Each count in the right number: "1 org", never "1 orgs".
    const counts = (n: string) => `(?:1 ${n}|(?:0|[2-9]|\\d{2,}) ${n}s)`;
    await expect(status).toHaveText(new RegExp(`^${counts('agent')} · ${counts('subnet')} · ${counts('org')} · 100%$`));
    await expect(graph.locator('a[data-kind="agent"] text')).toHaveCount(0);
    const before = await subnet.boundingBox();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(status).toContainText('· 150%');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(status).toContainText('· 225%');
    await expect(graph.locator('a[data-kind="agent"] text').first()).toBeVisible();
    const after = await subnet.boundingBox();
    expect(after!.width).toBeGreaterThan(before!.width * 2);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(status).toContainText('· 100%');
    const box = (await graph.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect(status).not.toContainText('· 100%');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(status).toContainText('· 100%');
    // Drag from an empty corner: the whole picture moves with the pointer.
    const start = (await subnet.boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + 4);
    await page.mouse.down();
    await page.mouse.move(box.x + 84, box.y + 64, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await subnet.boundingBox())!.x - start.x)).toBe(80);
    await page.getByRole('button', { name: 'Reset' }).click();

    // A click on a node opens its page.
    await subnet.click();
    await expect(page.getByRole('heading', { name: 'Translation Guild', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/agents\/subnets\/translation-guild$/);

    // Keyboard: focus an org node and press Enter.
    await page.goBack();
    const org = page.getByRole('link', { name: /^organization Translators Collective/ });
    await org.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Translators Collective', level: 1 })).toBeVisible();
  });
});
