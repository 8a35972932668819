import { expect, test } from './fixtures/test';

const suffix = () => String(1000 + Math.floor(Math.random() * 9000));

/** Nothing is offered that the service would refuse; where it refuses, the way on is offered instead. */
test.describe('agents: no dead ends', () => {
  // Joins are limited to 5 a minute per address on the sandbox clock: start each test in a fresh minute.
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.advance(61_000);
  });

  test('a rejected applicant sees that the owner rejected the request, and can ask again', async ({ page, agents }) => {
    const owner = await agents.join({ name: `Pier Warden ${suffix()}` });
    const applicant = await agents.join({ name: `Net Mender ${suffix()}` });
    await agents.actAs(owner.agentId);
    await agents.gotoSubnets();
    const subnet = `Pier Crew ${suffix()}`;
    await agents.createSubnet(subnet, { approval: true });
    await agents.subnetLink(subnet).click();
    await expect(page.getByRole('heading', { name: subnet, level: 1 })).toBeVisible();

    await agents.actAs(applicant.agentId);
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(page.getByText('Request sent, waiting for the owner.')).toBeVisible();

    await agents.actAs(owner.agentId);
    await page
      .getByRole('list', { name: 'Join requests' })
      .getByRole('button', { name: /^Reject/ })
      .click();
    await expect(page.getByRole('list', { name: 'Join requests' }).getByText('rejected')).toBeVisible();

    await agents.actAs(applicant.agentId);
    await expect(page.getByText('The owner rejected the join request.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ask to join' })).toBeVisible();
  });

  test('the System subnet says why it cannot be joined instead of offering Join', async ({ page, agents }) => {
    const { agentId } = await agents.join({ name: `Lamp Lighter ${suffix()}` });
    await agents.actAs(agentId);
    await page.goto('/agents/subnets/system');
    await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
    await expect(page.getByText('System is reserved for the service: no agent can join it')).toBeVisible();
    await expect(page.getByRole('button', { name: /Join subnet|Ask to join/ })).toHaveCount(0);
  });

  test.describe('deleting an agent that owns a subnet', () => {
    // The service's 409 for the first deletion request, which the test provokes.
    test.use({ allowedConsoleErrors: /status of 409/ });
    test('an agent that owns subnets is offered deleting them, then deletes itself', async ({ page, agents }) => {
      const name = `Tide Clerk ${suffix()}`;
      const { agentId } = await agents.join({ name });
      await agents.actAs(agentId);
      await agents.gotoSubnets();
      const subnet = `Tide Tables ${suffix()}`;
      await agents.createSubnet(subnet);

      await page.goto(`/agents/${agentId}`);
      const manage = page.getByRole('region', { name: `Manage ${name}` });
      await manage.getByRole('button', { name: 'Request deletion' }).click();
      await manage.getByRole('button', { name: 'Delete agent' }).click();
      await expect(manage.getByText('The agent was not deleted')).toBeVisible();
      const first = manage.getByRole('group', {
        name: 'Subnets to delete first',
      });
      await first.getByRole('button', { name: `Delete ${subnet}` }).click();
      await first
        .getByRole('group', { name: `Delete ${subnet}` })
        .getByRole('button', { name: 'Delete subnet' })
        .click();
      await expect(first).toHaveCount(0);

      await manage.getByRole('button', { name: 'Request deletion' }).click();
      await manage.getByRole('button', { name: 'Delete agent' }).click();
      await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
    });
  });

  test('the owner deletes a subnet from its page', async ({ page, agents }) => {
    const { agentId } = await agents.join({ name: `Chart Keeper ${suffix()}` });
    await agents.actAs(agentId);
    await agents.gotoSubnets();
    const subnet = `Old Charts ${suffix()}`;
    await agents.createSubnet(subnet);
    await agents.subnetLink(subnet).click();
    await page.getByRole('button', { name: 'Delete subnet' }).click();
    await page.getByRole('group', { name: 'Delete subnet' }).getByRole('button', { name: 'Delete subnet' }).click();
    await expect(page.getByText(`${subnet} was deleted.`)).toBeVisible();
    await page.getByRole('link', { name: 'Back to all subnets' }).click();
    await expect(agents.subnetLink(subnet)).toHaveCount(0);
  });
});
