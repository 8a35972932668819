import { expect, test } from './fixtures/test';

const credits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('in sandbox mode the Connections page tops up and resets a service’s credits, with the balance shown everywhere', async ({ page, connections }) => {
  await connections.goto();
  const shell = page.getByRole('region', { name: 'Services' }).getByLabel('3D credit balance');
  await expect(shell).toHaveText(/\d+ credits/);
  const before = credits(await shell.textContent());

  const controls = connections.controls('3D');
  await controls.getByLabel('Credits to add').fill('0');
  await controls.getByRole('button', { name: 'Top up' }).click();
  await expect(controls.getByLabel('Credits to add')).toHaveAccessibleDescription(/at least 1 credit/);

  await controls.getByLabel('Credits to add').fill('250');
  await controls.getByRole('button', { name: 'Top up' }).click();
  await expect(controls.getByText(`The 3D sandbox balance is now ${(before + 250).toLocaleString('en-US')} credits.`)).toBeVisible();
  await expect(shell).toHaveText(`${(before + 250).toLocaleString('en-US')} credits`);

  await connections.confirm(controls, 'Reset credits', 'Reset credits');
  await expect(controls.getByText('The 3D sandbox balance is now 1,000 credits.')).toBeVisible();
  await expect(shell).toHaveText('1,000 credits');
});

test('resetting the agents sandbox brings the seeded directory back and forgets the sandbox agents', async ({ page, connections, agents, sandbox }) => {
  await sandbox.advance(61_000);
  const { agentId } = await agents.join({ name: `Ferry Pilot ${1000 + Math.floor(Math.random() * 9000)}` });
  await expect(agents.actingAs.locator('option')).not.toHaveCount(1);

  await connections.goto();
  const controls = connections.controls('Agents');
  await expect(controls.getByText('The agent network sandbox keeps no credits.')).toBeVisible();
  await connections.confirm(controls, 'Reset the Agents sandbox', 'Reset the sandbox');
  await expect(controls.getByText('The Agents sandbox was reset.')).toBeVisible();

  await agents.gotoDirectory();
  await expect(agents.actingAs.getByRole('option', { name: 'Nobody (anonymous)' })).toHaveCount(1);
  await expect(agents.actingAs.locator('option')).toHaveCount(1);
  const res = await page.request.get(`/api/agentnet/api/v1/agents/${agentId}`);
  expect(res.status()).toBe(404);
});

test('resetting the social sandbox says what it forgets, and its monitors are gone afterwards', async ({ page, connections, request }) => {
  const found = await request.get(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent('coffee')}`);
  const username = ((await found.json()) as { tweets: Array<{ author: { username: string } }> }).tweets[0]!.author.username;
  const made = await request.post('/api/social/api/v1/monitors', { data: { username, eventTypes: ['tweet.new'] } });
  expect(made.ok()).toBe(true);
  await page.goto('/social/monitors');
  await expect(page.getByRole('list', { name: 'Monitors' }).getByText(`@${username}`).first()).toBeVisible();

  await connections.goto();
  const controls = connections.controls('Social');
  await controls.getByRole('button', { name: 'Reset the Social sandbox', exact: true }).click();
  const ask = controls.getByRole('group', { name: 'Reset the Social sandbox' });
  // The question names what goes, not only the credits.
  await expect(ask).toContainText('forgets its extractions, monitors and their events, webhooks, draws');
  await ask.getByRole('button', { name: 'Reset the sandbox' }).click();
  await expect(controls.getByText('The Social sandbox was reset.')).toBeVisible();

  await page.goto('/social/monitors');
  await expect(page.getByText('No monitor yet: watch an account or keywords above.')).toBeVisible();
});
