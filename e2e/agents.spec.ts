import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures/test';

const suffix = () => String(1000 + Math.floor(Math.random() * 9000));
const JOIN = '/api/agentnet/api/v1/agents/join';

/** Every response body the page receives from now on (the live event stream excepted). */
function collectBodies(page: Page) {
  const bodies: Array<Promise<string>> = [];
  const onResponse = (r: Response) => {
    if ((r.headers()['content-type'] ?? '').includes('text/event-stream')) return;
    bodies.push(r.text().catch(() => ''));
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    return Promise.all(bodies);
  };
}

test.describe('agents', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  // Joins are limited to 5 a minute per address on the sandbox clock: start each test in a fresh minute.
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.advance(61_000);
  });

  test('join an agent, copy its key once, act as it and create an approval subnet; the key never comes back', async ({ page, agents }) => {
    const name = `Harbor Pilot ${suffix()}`;
    await agents.gotoJoin();
    await agents.fillJoin({ name, description: 'Guides ships into port.', tags: 'maritime, e2e', endpoint: 'https://harbor.example.com/a2a', mode: 'open' });

    // From the join answer on, keep every body the page receives.
    let bodiesAfterJoin: (() => Promise<string[]>) | null = null;
    page.on('response', (r) => {
      if (!bodiesAfterJoin && r.url().endsWith(JOIN) && r.request().method() === 'POST') bodiesAfterJoin = collectBodies(page);
    });
    await agents.submitJoin();

    // The key, once, with what else the join answered.
    await expect(page.getByText('Store this API key now. It will not be shown again.')).toBeVisible();
    const apiKey = (await agents.apiKey.textContent())?.trim() ?? '';
    expect(apiKey).toMatch(/^acn_[A-Za-z0-9_-]{20,}$/);
    const agentId = (await agents.keyFact('Agent id').textContent())?.trim() ?? '';
    expect(agentId).not.toBe('');
    await expect(agents.keyFact('Verification code')).toHaveText(/^ACN-/);
    await expect(agents.keyFact('Endpoint handshake')).toHaveText('A2A handshake OK');
    await expect(page.getByRole('link', { name: /\/claim\// })).toBeVisible();

    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

    await agents.dismissKey();
    await expect(page.getByText(`${name} joined the network.`)).toBeVisible();
    expect(await page.content()).not.toContain(apiKey);

    // Act as it: the selector lists it, the sidebar says so, and requests carry x-act-as.
    await expect(agents.actingAs.getByRole('option', { name })).toHaveCount(1);
    await agents.actAs(agentId);
    await expect(page.getByRole('region', { name: 'Services' }).getByLabel(`Acting as ${name}`)).toBeVisible();

    await agents.tab('Subnets').click();
    await expect(page.getByRole('heading', { name: 'Subnets', level: 1 })).toBeVisible();
    const subnet = `Harbor Approvals ${suffix()}`;
    const created = page.waitForRequest((r) => r.url().endsWith('/api/agentnet/api/v1/subnets') && r.method() === 'POST');
    await agents.createSubnet(subnet, { approval: true });
    expect((await created).headers()['x-act-as']).toBe(agentId);

    // In the list (own subnets first), and it opens.
    await expect(agents.subnetLink(subnet)).toBeVisible();
    await agents.subnetLink(subnet).click();
    await expect(page.getByRole('heading', { name: subnet, level: 1 })).toBeVisible();
    await expect(page.getByText('Approval (owner decides)')).toBeVisible();
    await expect(page.getByText(`${name} owns this subnet.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join requests' })).toBeVisible();
    await expect(page.getByText('No join requests yet.')).toBeVisible();

    // Acting is remembered by this browser, as the agent id only.
    await page.reload();
    await expect(agents.actingAs).toHaveValue(agentId);

    expect(bodiesAfterJoin, 'the join answer was seen').not.toBeNull();
    const bodies = await (bodiesAfterJoin as unknown as () => Promise<string[]>)();
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.filter((b) => b.includes(apiKey)), 'responses after the join answer that contain the key').toEqual([]);
    expect(await page.content()).not.toContain(apiKey);
    const storage = await page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
    expect(storage.local).not.toContain(apiKey);
    expect(storage.session).not.toContain(apiKey);
    expect(storage.local).toContain(agentId);
  });

  test('the directory filters by tag and status, and a filtered view can be linked', async ({ page, agents }) => {
    await agents.gotoDirectory();
    await expect(agents.filters.getByRole('combobox', { name: 'Status' })).toHaveValue('online');

    await agents.filterByTag('research');
    await expect(page).toHaveURL(/tag=research/);
    await expect.poll(() => agents.listedNames()).toEqual(['Citation Hound', 'Market Scout', 'Paper Trail']);
    await expect(page.getByText('End of the list · 3 agents')).toBeVisible();

    await agents.filterByStatus('Offline');
    await expect(page).toHaveURL(/status=offline/);
    await expect.poll(() => agents.listedNames()).toEqual(['Fact Lantern', 'Old Archivist']);
    await expect(page.getByText('2 offline agents tagged “research”')).toBeVisible();
    const row = agents.directory.locator('[data-agent-id]').filter({ has: page.getByRole('link', { name: 'Fact Lantern', exact: true }) });
    await expect(row.getByText('Offline', { exact: true })).toBeVisible();
    await expect(row.getByText(/last seen .* ago/)).toBeVisible();

    // The same view from a link; a tag in a row narrows it further.
    await agents.gotoDirectory('?tag=translator&status=all');
    await expect(agents.filters.getByRole('searchbox', { name: 'Tag' })).toHaveValue('translator');
    await expect(agents.filters.getByRole('combobox', { name: 'Status' })).toHaveValue('all');
    await expect.poll(() => agents.listedNames()).toEqual(['Lingua Bridge', 'Polyglot Relay', 'Subtitle Smith']);
    await agents.directory.getByRole('link', { name: 'Filter by tag languages' }).click();
    await expect(page).toHaveURL(/tag=languages/);
    await expect(agents.filters.getByRole('searchbox', { name: 'Tag' })).toHaveValue('languages');
    await expect.poll(() => agents.listedNames()).toEqual(['Lingua Bridge']);

    // An agent's page: public details and its communication profile.
    await agents.agentLink('Lingua Bridge').click();
    await expect(page.getByRole('heading', { name: 'Lingua Bridge', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Communication profile' })).toBeVisible();
    await expect(page.getByText('Unread manifest entries')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Translation Guild' })).toBeVisible();
  });

  test('a bad name shows its message as it is typed and nothing is sent', async ({ page, agents }) => {
    const joins: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(JOIN)) joins.push(`${r.method()} ${r.url()}`);
    });
    await agents.gotoJoin();
    const nameBox = agents.joinForm.getByRole('textbox', { name: 'Name', exact: true });

    await nameBox.fill('12345');
    await expect(agents.joinForm.getByText('Name must contain letters.')).toBeVisible();
    await nameBox.fill('agent-42');
    await expect(agents.joinForm.getByText('Name looks auto-generated: give the agent a name people can read.')).toBeVisible();
    await agents.submitJoin();
    await expect(nameBox).toBeFocused();
    await expect(nameBox).toHaveAttribute('aria-invalid', 'true');
    await expect(nameBox).toHaveAccessibleDescription(/auto-generated/);

    await nameBox.fill('Harbor Pilot');
    await expect(agents.joinForm.getByText('✓ Name accepted.')).toBeVisible();
    await agents.joinForm.getByRole('textbox', { name: 'Endpoint' }).fill('not a url');
    await agents.submitJoin();
    await expect(agents.joinForm.getByText('Endpoint must be a complete http(s) URL, path included.')).toBeVisible();

    await page.waitForLoadState('networkidle');
    expect(joins).toEqual([]);
  });

  test('the acting agent manages itself: heartbeat, endpoint probe, policy warning, key rotation, deletion', async ({ page, agents }) => {
    const name = `Quay Keeper ${suffix()}`;
    const { agentId, apiKey } = await agents.join({ name, tags: 'maritime' });
    await agents.actAs(agentId);
    await page.getByRole('link', { name: 'Open its page' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const manage = page.getByRole('region', { name: `Manage ${name}` });
    await expect(manage).toBeVisible();

    await manage.getByRole('button', { name: 'Send heartbeat' }).click();
    await expect(manage.getByRole('status', { name: 'Last seen' })).toContainText(/Last seen (now|\d+ seconds? ago)/);

    const endpoint = agents.manageForm('Endpoint');
    await endpoint.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://quay.example.com/rpc');
    await endpoint.getByRole('button', { name: 'Save and probe' }).click();
    await expect(endpoint.getByText('Endpoint saved. Not an A2A endpoint.')).toBeVisible();
    await expect(endpoint.getByText(/answers but is not an A2A endpoint/)).toBeVisible();
    await endpoint.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://slow.example.com/a2a');
    await endpoint.getByRole('button', { name: 'Save and probe' }).click();
    await expect(endpoint.getByText('Endpoint saved. Probe timed out.')).toBeVisible();
    await endpoint.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://quay.example.com/a2a');
    await endpoint.getByRole('button', { name: 'Save and probe' }).click();
    await expect(endpoint.getByText('Endpoint saved. A2A handshake OK.')).toBeVisible();

    const policy = agents.manageForm('Reception policy');
    await policy.getByRole('combobox', { name: 'Reception mode' }).selectOption('allowlist');
    await policy.getByRole('button', { name: 'Change policy' }).click();
    await expect(policy.getByRole('alert')).toContainText('Allowlist mode: only agents on your allowlist');

    const profile = agents.manageForm('Profile');
    await profile.getByRole('textbox', { name: 'Tags' }).fill('maritime, docks');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByText('Profile saved.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' })).toContainText('docks');

    // Rotation shows the new key once, like join.
    await manage.getByRole('button', { name: 'Rotate key' }).click();
    await manage.getByRole('button', { name: 'Rotate now' }).click();
    const rotated = (await agents.apiKey.textContent())?.trim() ?? '';
    expect(rotated).toMatch(/^acn_/);
    expect(rotated).not.toBe(apiKey);
    await agents.dismissKey();
    expect(await page.content()).not.toContain(rotated);
    // Still acting, now with the new key held by the console.
    await manage.getByRole('button', { name: 'Send heartbeat' }).click();
    await expect(manage.getByText('The heartbeat was not sent')).toHaveCount(0);

    await manage.getByRole('button', { name: 'Request deletion' }).click();
    await manage.getByRole('button', { name: 'Delete agent' }).click();
    await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
    await expect(agents.actingAs).toHaveValue('');
    await expect(agents.actingAs.getByRole('option', { name })).toHaveCount(0);
  });

  test('on an approval subnet a join waits for the owner, who approves it', async ({ page, agents }) => {
    const owner = await agents.join({ name: `Dock Master ${suffix()}` });
    const applicantName = `Deck Hand ${suffix()}`;
    const applicant = await agents.join({ name: applicantName });

    await agents.actAs(owner.agentId);
    await agents.gotoSubnets();
    const subnet = `Dock Crew ${suffix()}`;
    await agents.createSubnet(subnet, { approval: true });
    await agents.subnetLink(subnet).click();
    await expect(page.getByRole('heading', { name: subnet, level: 1 })).toBeVisible();

    await agents.actAs(applicant.agentId);
    await page.getByRole('textbox', { name: 'Note to the owner' }).fill('I can tie knots.');
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(page.getByText('Request sent, waiting for the owner.')).toBeVisible();

    await agents.actAs(owner.agentId);
    const requests = page.getByRole('list', { name: 'Join requests' });
    await expect(requests.getByText('“I can tie knots.”')).toBeVisible();
    await expect(requests.getByRole('link', { name: applicantName })).toBeVisible();
    await requests.getByRole('button', { name: /^Approve/ }).click();
    await expect(requests.getByText('approved')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('link', { name: applicantName })).toBeVisible();
  });

  test.describe('an unknown agent or subnet', () => {
    // Only the browser's own line for each 404 answer: the pages log nothing (no error stack).
    test.use({ allowedConsoleErrors: /^Failed to load resource: the server responded with a status of 404/ });
    test('reads as a sentence with a way back', async ({ page }) => {
      await page.goto('/agents/no-such-agent');
      await expect(page.getByRole('alert')).toContainText('This agent cannot be shown');
      await expect(page.getByRole('alert')).toContainText('Agent not found. It may have been deleted or never existed.');
      await expect(page.getByRole('alert').getByRole('link', { name: 'Back to the directory' })).toBeVisible();
      await page.goto('/agents/subnets/no-such-subnet');
      await expect(page.getByRole('alert')).toContainText("Subnet 'no-such-subnet' not found");
      await expect(page.getByRole('alert')).toContainText('A private subnet is visible to its members only');
    });
  });
});
