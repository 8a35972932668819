import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { axeProblems } from './fixtures/axe';

const suffix = () => String(1000 + Math.floor(Math.random() * 9000));

/** Joins an agent through the console's API (the console keeps its key, as a join from the page would). */
async function join(request: APIRequestContext, name: string, mode: 'open' | 'manifest' = 'open'): Promise<string> {
  const res = await request.post('/api/agentnet/api/v1/agents/join', { data: { name, description: 'Made by the e2e network test.', tags: ['e2e'], communication_policy: { mode } } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { agent_id: string }).agent_id;
}

async function seededAgent(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get(`/api/agentnet/api/v1/agents?status=all&name=${encodeURIComponent(name)}&limit=5`);
  const agents = ((await res.json()) as { agents: Array<{ agent_id: string; name: string }> }).agents;
  const agent = agents.find((a) => a.name === name);
  if (!agent) throw new Error(`no seeded agent ${name}`);
  return agent.agent_id;
}

test.describe('agents network', () => {
  // Joins are limited to 5 a minute per address on the sandbox clock: start each test in a fresh minute.
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.advance(61_000);
  });

  test('an org publishes a task, another agent claims and submits it, the creator approves and pays; the payment is in the chart', async ({ page, agents, request }) => {
    const founderName = `Org Founder ${suffix()}`;
    const workerName = `Task Worker ${suffix()}`;
    const founder = await join(request, founderName);
    const worker = await join(request, workerName);

    await page.goto('/agents/orgs');
    await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
    await agents.actAs(founder);
    const form = page.getByRole('form', { name: 'Create an organization' });
    const orgName = `Harbor Guild ${suffix()}`;
    await form.getByRole('textbox', { name: 'Org name' }).fill(orgName);
    await form.getByRole('button', { name: 'Create organization' }).click();
    await expect(form.getByText(`Created ${orgName}.`)).toBeVisible();
    await form.getByRole('link', { name: `Open ${orgName}` }).click();
    await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Org members' }).getByText(founderName)).toBeVisible();
    // Its creator by name, a link to the agent's page, not a bare id.
    await expect(page.getByRole('region', { name: 'Organization' }).getByRole('link', { name: founderName })).toHaveAttribute('href', `/agents/${founder}`);

    // Publish a task paid by the founder (no escrow).
    const publish = page.getByRole('form', { name: 'Publish a task' });
    const title = `Chart the harbor ${suffix()}`;
    await publish.getByRole('textbox', { name: 'Task title' }).fill(title);
    await publish.getByRole('textbox', { name: 'Reward' }).fill('12');
    await publish.getByRole('button', { name: 'Publish task' }).click();
    await expect(publish.getByText(`Published ${title}.`)).toBeVisible();
    // It is on the work board too.
    await expect(page.getByRole('region', { name: 'To do' }).getByText(title)).toBeVisible();
    await publish.getByRole('link', { name: 'Open the task' }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('12 credits').first()).toBeVisible();
    // The creator cannot take its own task, and says so.
    await expect(page.getByText('The creator cannot accept its own task.')).toBeVisible();

    // The worker accepts and submits.
    await agents.actAs(worker);
    await page.getByRole('button', { name: 'Accept task' }).click();
    await expect(page.getByRole('list', { name: 'Participations' }).getByText(workerName)).toBeVisible();
    await page.getByRole('textbox', { name: 'Result' }).fill('The harbor is charted: 14 berths, 3 cranes.');
    await page.getByRole('button', { name: 'Submit result' }).click();
    await expect(page.getByText('submitted', { exact: true }).first()).toBeVisible();

    // The founder approves; the task is completed and the worker is paid after a confirmation of the amount.
    await agents.actAs(founder);
    await page.getByRole('button', { name: 'Approve result' }).click();
    await expect(page.getByText('completed', { exact: true }).first()).toBeVisible();
    const pay = page.getByRole('form', { name: 'Send a payment' });
    await expect(pay.getByRole('textbox', { name: 'Pay to (agent id)' })).toHaveValue(worker);
    await pay.getByRole('button', { name: 'Review payment' }).click();
    const confirm = pay.getByRole('group', { name: 'Confirm the amount' });
    await expect(confirm).toContainText('This spends 12 credits');
    await confirm.getByRole('button', { name: 'Confirm 12 credits' }).click();
    // The task says it is paid, and by which payment.
    await expect(page.getByRole('region', { name: 'Paid', exact: true }).getByText(/^Paid by payment pay_\w+: 12 credits to /)).toBeVisible();

    // The payment in the founder's payments: listed and drawn.
    await page.getByRole('navigation', { name: 'Agents' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Payments' }).getByText(`to ${worker}`)).toBeVisible();
    const chart = page.getByRole('img', { name: 'Payments per day in credits' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).not.toHaveCount(0);
    await expect(chart.locator('text', { hasText: /^12$/ })).toBeVisible();
  });

  test('a pool task paid from its page says by which payment, takes a reason to pay it again, and confirms the payment there with its transaction hash', async ({ page, agents, request }) => {
    const creator = await join(request, `Crate Counter ${suffix()}`);
    const worker = await join(request, `Crate Worker ${suffix()}`);
    const as = (id: string) => ({ 'x-act-as': id });
    const title = `Count the crates ${suffix()}`;
    const created = await request.post('/api/agentnet/api/v1/tasks', { headers: as(creator), data: { title, reward: 50, reward_currency: 'credits' } });
    const taskId = ((await created.json()) as { task_id: string }).task_id;
    expect((await request.post(`/api/agentnet/api/v1/tasks/${taskId}/accept`, { headers: as(worker), data: {} })).ok()).toBe(true);
    expect((await request.post(`/api/agentnet/api/v1/tasks/${taskId}/submit`, { headers: as(worker), data: { submission: '212 crates' } })).ok()).toBe(true);

    await page.goto(`/agents/tasks/${taskId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await agents.actAs(creator);
    await page.getByRole('button', { name: 'Approve result' }).click();
    await expect(page.getByText('completed', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pay the worker' })).toBeVisible();
    await agents.reviewAndConfirmPayment('50 credits');

    // The task says it is paid, and by which payment (a link to it); the payment form is gone.
    const paid = page.getByRole('region', { name: 'Paid', exact: true });
    const link = paid.getByRole('link', { name: /^pay_/ });
    await expect(link).toBeVisible();
    const paymentId = (await link.textContent())?.trim() ?? '';
    await expect(paid.getByText(`Paid by payment ${paymentId}: 50 credits to ${worker}`)).toBeVisible();
    await expect(link).toHaveAttribute('href', `/agents/payments?payment=${paymentId}`);
    await expect(page.getByRole('region', { name: 'Pay the worker' })).toHaveCount(0);
    await expect(agents.paymentForm).toHaveCount(0);
    await expect(paid.getByText('payment pending')).toBeVisible();
    await expect(paid.getByRole('button', { name: 'Pay again…' })).toBeVisible();

    // The console refuses a second payment for the task that gives no reason, and sends nothing.
    const twice = await request.post('/api/agentnet/api/v1/payments/tasks', { headers: as(creator), data: { from_agent: creator, to_agent: worker, amount: 50, currency: 'credits', metadata: { pool_task_id: taskId } } });
    expect(twice.status()).toBe(409);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toContain(`is already paid by payment ${paymentId}`);
    const listed = await request.get(`/api/agentnet/api/v1/payments/tasks/agent/${creator}`, { headers: as(creator) });
    expect(((await listed.json()) as { tasks: unknown[] }).tasks).toHaveLength(1);

    // "Pay again" asks why before the amount can be confirmed, and keeps the reason with the payment.
    await paid.getByRole('button', { name: 'Pay again…' }).click();
    const again = page.getByRole('region', { name: 'Pay again' });
    await again.getByRole('button', { name: 'Review payment' }).click();
    await expect(again.getByText('Say why the task is paid again.')).toBeVisible();
    await expect(again.getByRole('group', { name: 'Confirm the amount' })).toHaveCount(0);
    await again.getByRole('textbox', { name: 'Why pay again' }).fill('The first transfer bounced.');
    await again.getByRole('button', { name: 'Review payment' }).click();
    const confirmAgain = again.getByRole('group', { name: 'Confirm the amount' });
    await expect(confirmAgain).toContainText('This spends 50 credits');
    await confirmAgain.getByRole('button', { name: 'Confirm 50 credits' }).click();
    await expect(again).toHaveCount(0);
    const rows = paid.getByRole('list', { name: 'Payments for this task' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Paid again because: The first transfer bounced.');
    await expect(rows.last()).toContainText(`Paid by payment ${paymentId}`);

    // The buyer confirms the first payment on the task's page with the transaction hash.
    const first = rows.last();
    await first.getByRole('textbox', { name: `Transaction hash for ${paymentId}` }).fill('0xfeedc0de42');
    await first.getByRole('button', { name: 'Confirm paid' }).click();
    await expect(first.getByText('payment confirmed')).toBeVisible();
    await expect(first.getByText('tx 0xfeedc0de42')).toBeVisible();
    await expect(first.getByRole('button', { name: 'Confirm paid' })).toHaveCount(0);
    await expect(rows.first().getByText('payment pending')).toBeVisible();

    // Its link opens the payment, which names the task it pays.
    await first.getByRole('link', { name: paymentId }).click();
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    const focus = page.getByRole('region', { name: `Payment ${paymentId}` });
    await expect(focus.getByText('payment confirmed')).toBeVisible();
    await expect(focus.getByRole('link', { name: taskId })).toHaveAttribute('href', `/agents/tasks/${taskId}`);
  });

  test('the wallet settings start from what the wallet has saved, and a saved capability shows in the wallet', async ({ page, agents, request }) => {
    const me = await join(request, `Wallet Keeper ${suffix()}`);
    await page.goto('/agents/payments');
    await agents.actAs(me);
    const panel = (title: string | RegExp) => page.locator('section', { has: page.getByRole('heading', { name: title }) });
    const wallet = panel(/^Wallet of Wallet Keeper/);
    const settings = panel('Wallet settings and estimate');
    // A new agent's wallet accepts nothing, and the boxes say the same.
    await expect(wallet.getByText('None set').first()).toBeVisible();
    await expect(settings.getByRole('checkbox', { name: 'Accepts payments' })).not.toBeChecked();
    await expect(settings.getByRole('checkbox', { name: 'platform credits' })).not.toBeChecked();
    await settings.getByRole('checkbox', { name: 'usdc' }).check();
    await settings.getByRole('checkbox', { name: 'Accepts payments' }).check();
    await settings.getByRole('button', { name: 'Save capability' }).click();
    await expect(settings.getByText('Capability saved.')).toBeVisible();
    await expect(wallet.getByText('usdc', { exact: true })).toBeVisible();
    await page.reload();
    await expect(settings.getByRole('checkbox', { name: 'usdc' })).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: 'Accepts payments' })).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: 'platform credits' })).not.toBeChecked();
  });

  test('a message sent by one agent is read and acknowledged in the other agent’s inbox', async ({ page, agents, request }) => {
    const senderName = `Sender ${suffix()}`;
    const readerName = `Reader ${suffix()}`;
    const sender = await join(request, senderName);
    const reader = await join(request, readerName);
    const text = `Meet at pier ${suffix()}`;

    await page.goto('/agents/messages');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await agents.actAs(sender);
    const form = page.getByRole('form', { name: 'Send a message' });
    await form.getByRole('textbox', { name: 'To (agent id)' }).fill(reader);
    await form.getByRole('textbox', { name: 'Message' }).fill(text);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText(/^Message (delivered|queued)\.$/)).toBeVisible();
    await expect(form.getByText(/in its inbox/)).toBeVisible();

    await agents.actAs(reader);
    const message = page.getByRole('article', { name: `Message from ${sender}` }).filter({ hasText: text });
    await expect(message).toBeVisible();
    // The sender by name, linked to its page (not a bare id).
    await expect(message.getByRole('link', { name: senderName })).toBeVisible();
    await expect(message.getByText('unread', { exact: true })).toBeVisible();
    await message.getByRole('button', { name: 'Mark read' }).click();
    await expect(message.getByText('read', { exact: true })).toBeVisible();
    await message.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(message.getByText('processed', { exact: true })).toBeVisible();

    // With the reader's inbox open, a message sent meanwhile (another tab, another program) shows up
    // without a reload: the console server says it arrived (the fallback poll is a minute).
    const later = `Bring the charts ${suffix()}`;
    const sent = await request.post('/api/agentnet/api/v1/communication/send', { headers: { 'x-act-as': sender }, data: { target_agent: reader, message: later } });
    expect(sent.ok()).toBe(true);
    await expect(page.getByRole('article', { name: `Message from ${sender}` }).filter({ hasText: later })).toBeVisible({ timeout: 10_000 });

    // A session invitation arrives the same way; accepted, it can be closed.
    const invited = await request.post(`/api/agentnet/api/v1/sessions/invite/${reader}`, { headers: { 'x-act-as': sender }, data: { ttl_seconds: 600 } });
    expect(invited.ok()).toBe(true);
    const sessions = page.getByRole('region', { name: 'Sessions' });
    const pending = sessions.getByRole('list', { name: 'Pending sessions' }).getByRole('listitem').filter({ hasText: `From ${senderName}` });
    await expect(pending).toBeVisible({ timeout: 10_000 });
    await pending.getByRole('button', { name: 'Accept' }).click();
    const open = sessions.getByRole('list', { name: 'Open sessions' }).getByRole('listitem').filter({ hasText: `Open with ${sender}` });
    await expect(open).toBeVisible();
    await open.getByRole('button', { name: 'Close session' }).click();
    await expect(sessions.getByText('Session closed.')).toBeVisible();
    await expect(open).toHaveCount(0);
  });

  test('a notification shows its summary, type and content link, and its content is pulled on demand', async ({ page, agents, request }) => {
    const sender = await join(request, `Notifier ${suffix()}`);
    const reader = await join(request, `Manifest Reader ${suffix()}`, 'manifest');
    // Sent while the reader's page is open with live updates connected, as the page reads its
    // queue: it shows without a reload and without waiting for any poll.
    await page.goto('/agents/messages');
    await expect(page.locator('[data-live]').last()).toHaveAttribute('data-live', 'connected');
    await agents.actAs(reader);
    const summary = `Tide table ready ${suffix()}`;
    const res = await request.post('/api/agentnet/api/v1/communication/manifest/send', {
      headers: { 'x-act-as': sender },
      data: { target_agent: reader, summary, message_type: 'report', content_url: 'https://tides.example/table.json', content: 'High tide 06:12, low tide 12:30.' },
    });
    expect(res.ok()).toBe(true);
    const note = page.getByRole('article', { name: `Notification: ${summary}` });
    await expect(note).toBeVisible();
    await expect(note.getByText('report', { exact: true })).toBeVisible();
    await expect(note.getByRole('link', { name: 'https://tides.example/table.json' })).toHaveAttribute('href', 'https://tides.example/table.json');
    await note.getByRole('button', { name: 'Pull content' }).click();
    await expect(note.getByLabel('Notification content')).toContainText('High tide 06:12');
    await note.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(note).toHaveCount(0);
  });

  test('a notification sent while the page is still reading the queue shows as soon as that read is back', async ({ page, agents, request }) => {
    const sender = await join(request, `Notifier ${suffix()}`);
    const reader = await join(request, `Manifest Reader ${suffix()}`, 'manifest');
    await page.goto('/agents/messages');
    await expect(page.locator('[data-live]').last()).toHaveAttribute('data-live', 'connected');
    // The page's first read of the queue is answered by the service at once (still empty) but
    // reaches the page only after the notification's arrival has.
    let answered!: () => void;
    let release!: () => void;
    const firstAnswered = new Promise<void>((r) => (answered = r));
    const released = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === `/api/agentnet/api/v1/communication/manifest/${reader}`,
      async (route) => {
        const response = await route.fetch();
        answered();
        await released;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    const readerSessions = (r: { url(): string; headers(): Record<string, string> }) => r.url().endsWith('/sessions/pending') && r.headers()['x-act-as'] === reader;
    const sessionsRead = page.waitForResponse((r) => readerSessions(r.request()));
    await agents.actAs(reader);
    await firstAnswered;
    await sessionsRead;

    const summary = `Buoy moved ${suffix()}`;
    // The arrival reaches the page: the reader's other reads (its sessions) are read again.
    const arrived = page.waitForRequest(readerSessions);
    const res = await request.post('/api/agentnet/api/v1/communication/manifest/send', { headers: { 'x-act-as': sender }, data: { target_agent: reader, summary, message_type: 'report' } });
    expect(res.ok()).toBe(true);
    await arrived;
    release();
    const note = page.getByRole('article', { name: `Notification: ${summary}` });
    await expect(note).toBeVisible();
    await expect(note.getByText('report', { exact: true })).toBeVisible();
  });

  test.describe('org governance', () => {
    // The outsider's refused edit is a 403 the page explains.
    test.use({ allowedConsoleErrors: /status of 403/ });

    test('an org is renamed, its plugins checked, and its wallet topped up to pay a reward held in escrow', async ({ page, agents, request }) => {
      const founder = await join(request, `Treasurer ${suffix()}`);
      const outsider = await join(request, `Outsider ${suffix()}`);
      const created = await request.post('/api/agentnet/api/v1/orgs', { headers: { 'x-act-as': founder }, data: { display_name: `Tide Works ${suffix()}` } });
      expect(created.ok()).toBe(true);
      const orgId = ((await created.json()) as { org_id: string }).org_id;
      await page.goto(`/agents/orgs/${orgId}`);
      await agents.actAs(founder);
      const facts = page.getByRole('region', { name: 'Organization' });
      await expect(facts.getByText('No wallet yet: the first top-up creates it')).toBeVisible();

      const topUp = facts.getByRole('form', { name: 'Top up the org wallet' });
      await topUp.getByRole('textbox', { name: 'Credits to add' }).fill('50');
      await topUp.getByRole('button', { name: 'Top up' }).click();
      await expect(topUp.getByText('The wallet now holds 50 credits.')).toBeVisible();
      await expect(facts.getByText('50 credits free · 0 credits in escrow')).toBeVisible();

      const publish = page.getByRole('form', { name: 'Publish a task' });
      await publish.getByRole('textbox', { name: 'Task title' }).fill(`Sound the channel ${suffix()}`);
      await publish.getByRole('textbox', { name: 'Reward' }).fill('20');
      await publish.getByRole('radio', { name: /The org wallet/ }).check();
      await publish.getByRole('button', { name: 'Publish task' }).click();
      await publish.getByRole('group', { name: 'Confirm the amount' }).getByRole('button', { name: 'Confirm 20 credits' }).click();
      await expect(publish.getByText(/^Published /)).toBeVisible();
      await expect(facts.getByText('30 credits free · 20 credits in escrow')).toBeVisible();

      const edit = facts.getByRole('form', { name: 'Edit the organization' });
      const newName = `Tide Guild ${suffix()}`;
      await edit.getByRole('textbox', { name: 'Org name' }).fill(newName);
      await edit.getByRole('textbox', { name: 'Plugins' }).fill('builtin_work, evil_plugin');
      await edit.getByRole('button', { name: 'Save name and plugins' }).click();
      await expect(edit.getByText('Unknown plugin evil_plugin: only builtin_work, heartbeat, noop are allowed.')).toBeVisible();
      await edit.getByRole('textbox', { name: 'Plugins' }).fill('builtin_work, heartbeat');
      await edit.getByRole('button', { name: 'Save name and plugins' }).click();
      await expect(edit.getByText(`Saved: ${newName}, plugins builtin_work, heartbeat.`)).toBeVisible();
      await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();

      // Anyone else is refused by the service, and told who may.
      await agents.actAs(outsider);
      await expect(facts.getByRole('form', { name: 'Top up the org wallet' })).toHaveCount(0);
      await edit.getByRole('textbox', { name: 'Org name' }).fill(`Taken Over ${suffix()}`);
      await edit.getByRole('button', { name: 'Save name and plugins' }).click();
      await expect(edit.getByText('The organization did not change')).toBeVisible();
      await expect(edit.getByText(/Only the org's creator or its claimed owner may rename it or change its plugins/)).toBeVisible();
    });
  });

  test('the A2A check of seeded agents shows each step: a compliant one passes, an empty 200 fails', async ({ page, request }) => {
    const good = await seededAgent(request, 'Lingua Bridge');
    await page.goto(`/agents/a2a?agent=${encodeURIComponent(good)}`);
    await expect(page.getByRole('heading', { name: 'A2A check', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Agent id' })).toHaveValue(good);
    await page.getByRole('button', { name: 'Run A2A check' }).click();
    await expect(page.getByRole('heading', { name: /^A2A v0\.3: passed/ })).toBeVisible();
    const steps = page.getByRole('list', { name: 'Handshake steps' });
    await expect(steps.getByRole('listitem')).not.toHaveCount(0);
    await expect(steps.getByText('Failed', { exact: true })).toHaveCount(0);
    await expect(steps.getByText('The request id is echoed')).toBeVisible();
    await page.getByText('Reply received').click();
    await expect(page.getByText('"jsonrpc": "2.0"').last()).toBeVisible();

    const broken = await seededAgent(request, 'Meeting Scribe');
    await page.getByRole('textbox', { name: 'Agent id' }).fill(broken);
    await page.getByRole('button', { name: 'Run A2A check' }).click();
    await expect(page.getByRole('heading', { name: 'A2A v0.3: failed' })).toBeVisible();
    await expect(steps.getByText('Failed', { exact: true }).first()).toBeVisible();
    await expect(steps).toContainText('an empty body');

    // Switching to a URL neither carries the agent id into the URL field nor keeps the agent's report.
    await page.getByRole('radio', { name: 'An endpoint URL' }).check();
    await expect(page.getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'A2A v0.3: failed' })).toBeHidden();
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://agent.example.com/a2a');
    await page.getByRole('radio', { name: 'An agent (its endpoint)' }).check();
    await expect(page.getByRole('textbox', { name: 'Agent id' })).toHaveValue(broken);

    // The page says which switch lets the check reach private addresses (this server runs without ALLOW_PRIVATE_DESTINATIONS).
    const status = page.getByRole('status', { name: 'Private addresses' });
    await expect(status).toHaveText('Private addresses are refused: the check reaches https public hosts only.');
    const allow = page.getByRole('checkbox', { name: /Allow loopback and private addresses/ });
    // The box shows the saved setting: it turns once the server has saved it.
    await allow.click();
    await expect(allow).toBeChecked();
    await expect(status).toHaveText("Private addresses are allowed by this page's setting, for the A2A check only.");
    await allow.click();
    await expect(allow).not.toBeChecked();
    await expect(status).toHaveText('Private addresses are refused: the check reaches https public hosts only.');
  });
});

test.describe('subnet events', () => {
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.advance(61_000);
  });

  test('a receiver set as a subnet harness shows an org event live, verified', async ({ page, agents, request }) => {
    const ownerName = `Harness Owner ${suffix()}`;
    const owner = await join(request, ownerName);
    const subnetName = `Harness Net ${suffix()}`;
    const created = await request.post('/api/agentnet/api/v1/subnets', { headers: { 'x-act-as': owner }, data: { name: subnetName } });
    expect(created.ok()).toBe(true);
    const subnetId = ((await created.json()) as { subnet_id?: string; id?: string }).subnet_id ?? '';

    await page.goto('/agents/events');
    await expect(page.getByRole('heading', { name: 'Subnet events', level: 1 })).toBeVisible();
    await agents.actAs(owner);
    await page.getByRole('button', { name: 'New receiver', exact: true }).click();
    await expect(page.getByText('Receiver created. Its secret is shown once.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Subnet' }).selectOption(subnetId);
    await page.getByRole('button', { name: "Send this subnet's events to the new receiver" }).click();
    await expect(page.getByText('Harness saved.')).toBeVisible();

    // An org bound to the subnet: the service posts org.created to the harness, signed.
    const org = await request.post('/api/agentnet/api/v1/orgs', { headers: { 'x-act-as': owner }, data: { display_name: `Evented Org ${suffix()}`, subnet_id: subnetId } });
    expect(org.ok()).toBe(true);
    // (This subnet's: an earlier run's deliveries are listed too.)
    const delivery = page.getByRole('list', { name: 'Deliveries' }).getByRole('article', { name: 'org.created delivery' }).filter({ hasText: `subnet ${subnetId}` });
    await expect(delivery).toBeVisible();
    await expect(delivery).toContainText(/verified/);
    await expect(delivery).toContainText(`subnet ${subnetId}`);

    // Filtered by another event, it is not listed.
    await page.getByRole('combobox', { name: 'Event' }).selectOption('task.created');
    await expect(page.getByText('No deliveries of task.created yet.')).toBeVisible();
  });
});

test.describe('ownership', () => {
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.advance(61_000);
  });

  test('an owner signs in on the sandbox, claims an agent with its code and creates a transfer invite', async ({ page, request }) => {
    const name = `Claimable ${suffix()}`;
    const res = await request.post('/api/agentnet/api/v1/agents/join', { data: { name } });
    const joined = (await res.json()) as { agent_id: string; verification_code: string };
    await page.goto(`/agents/${joined.agent_id}`);
    const panel = page.getByRole('region', { name: 'Owner' });
    await expect(panel.getByText('Unclaimed')).toBeVisible();
    if (await panel.getByRole('textbox', { name: 'Sign in as owner (sandbox)' }).isVisible()) {
      await panel.getByRole('textbox', { name: 'Sign in as owner (sandbox)' }).fill('Ada Owner');
      await panel.getByRole('button', { name: 'Sign in' }).click();
    }
    await panel.getByRole('textbox', { name: 'Verification code' }).fill(joined.verification_code);
    await panel.getByRole('button', { name: 'Claim' }).click();
    await expect(panel.getByText('Claimed.', { exact: true })).toBeVisible();
    await expect(panel.getByText('Claimed', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Create transfer invite' }).click();
    await expect(panel.getByText('Transfer invite created.')).toBeVisible();
    await expect(panel.getByText('Transfer pending')).toBeVisible();
  });
});

test.describe('acting pages at 390 px', () => {
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.advance(61_000);
  });

  test('messages, payments, tasks, orgs, events, an org, a task and the agent page pass axe and do not scroll sideways while acting as an agent', async ({ page, agents, request }) => {
    test.setTimeout(120_000);
    const me = await join(request, `Axe Agent ${suffix()}`);
    const other = await join(request, `Axe Peer ${suffix()}`);
    // Something in each list: a message, a payment, a task.
    await request.post('/api/agentnet/api/v1/communication/send', { headers: { 'x-act-as': other }, data: { target_agent: me, message: 'Hello from the peer.' } });
    await request.post('/api/agentnet/api/v1/payments/tasks', { headers: { 'x-act-as': me }, data: { from_agent: me, to_agent: other, amount: 3, currency: 'credits' } });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/agents/messages');
    await agents.actAs(me);
    for (const [path, heading] of [
      ['/agents/messages', 'Messages'],
      ['/agents/payments', 'Payments'],
      ['/agents/tasks', 'Task pool'],
      ['/agents/orgs', 'Organizations'],
      ['/agents/events', 'Subnet events'],
      ['/agents/topology', 'Topology'],
      ['/agents/orgs/org_translators', 'Translators Collective'],
      ['/agents/tasks/task_seed01', 'Translate the onboarding guide into Portuguese'],
      [`/agents/${me}`, /^Axe Agent/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => (document.scrollingElement as HTMLElement).scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await axeProblems(page, path)).toEqual([]);
    }
    await page.goto('/agents/messages');
    await expect(page.getByText('Hello from the peer.')).toBeVisible();
  });

  test('a 64-letter name and a description without spaces wrap inside their cards: nothing runs off the screen', async ({ page, agents, request }) => {
    const name = `Longname${'abcdefgh'.repeat(7)}`;
    const res = await request.post('/api/agentnet/api/v1/agents/join', { data: { name, description: 'W'.repeat(300), tags: ['e2e'], communication_policy: { mode: 'open' } } });
    expect(res.ok()).toBe(true);
    const me = ((await res.json()) as { agent_id: string }).agent_id;
    const subnetName = `Longsubnet${'abcdefgh'.repeat(8)}`;
    const made = await request.post('/api/agentnet/api/v1/subnets', { headers: { 'x-act-as': me }, data: { name: subnetName, description: 'V'.repeat(300) } });
    expect(made.ok()).toBe(true);
    const subnetId = ((await made.json()) as { subnet_id: string }).subnet_id;
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/agents');
    await agents.actAs(me);
    // Every piece of text in the page ends within the screen's width (text cut off by a card is past it).
    const pastTheEdge = () =>
      page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.getElementById('main') as HTMLElement, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          // Text cut short on purpose carries its whole in a title.
          if (!n.textContent?.trim() || n.parentElement?.closest('select, .sr-only, [title]')) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          if (range.getBoundingClientRect().right > window.innerWidth) out.push(n.textContent.trim().slice(0, 40));
        }
        return out;
      });
    for (const [path, heading] of [
      [`/agents?status=all&name=Longname`, 'Agents'],
      [`/agents/${me}`, name],
      ['/agents/payments', 'Payments'],
      ['/agents/subnets', 'Subnets'],
      [`/agents/subnets/${subnetId}`, subnetName],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText(path.startsWith('/agents/subnets') ? subnetName : name).filter({ visible: true }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await pastTheEdge(), path).toEqual([]);
    }
  });
});

test.describe('escrow and the work board', () => {
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.advance(61_000);
  });

  test('an escrowed pool reward is confirmed with its amount first; a work card moves by keyboard; a stranger is told who may govern', async ({ page, agents, request }) => {
    const me = await join(request, `Escrow Maker ${suffix()}`);
    const stranger = await join(request, `Stranger ${suffix()}`);
    await page.goto('/agents/tasks');
    await agents.actAs(me);
    const form = page.getByRole('form', { name: 'Create a task' });
    const title = `Escrowed survey ${suffix()}`;
    await form.getByRole('textbox', { name: 'Task title' }).fill(title);
    await form.getByRole('textbox', { name: 'Reward' }).fill('7');
    await form.getByRole('radio', { name: /Held in escrow/ }).check();
    await form.getByRole('button', { name: 'Create task' }).click();
    const confirm = form.getByRole('group', { name: 'Confirm the amount' });
    await expect(confirm).toContainText('This spends 7 credits');
    await confirm.getByRole('button', { name: 'Confirm 7 credits' }).click();
    await form.getByRole('link', { name: 'Open the task' }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('7 credits held')).toBeVisible();

    // An org with work: a card moves right with the arrow key.
    const org = await request.post('/api/agentnet/api/v1/orgs', { headers: { 'x-act-as': me }, data: { display_name: `Keyboard Org ${suffix()}` } });
    const orgId = ((await org.json()) as { org_id: string }).org_id;
    await request.post(`/api/agentnet/api/v1/orgs/${orgId}/work`, { headers: { 'x-act-as': me }, data: { title: 'Sweep the deck' } });
    await page.goto(`/agents/orgs/${orgId}`);
    const card = page.getByRole('region', { name: 'To do' }).getByRole('listitem', { name: /^Sweep the deck/ });
    await card.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('region', { name: 'In progress' }).getByRole('listitem', { name: /^Sweep the deck/ })).toBeVisible();

    // A stranger sees why it may not publish.
    await agents.actAs(stranger);
    await expect(page.getByText(/Only the org’s creator or its claimed owner publishes tasks/)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Publish a task' }).getByRole('button', { name: 'Publish task' })).toBeDisabled();
  });
});
