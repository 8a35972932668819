import { expect, type Locator, type Page } from '@playwright/test';

export type JoinFields = { name: string; description?: string; tags?: string; endpoint?: string; mode?: 'open' | 'manifest' | 'allowlist' | 'closed' };

/** The Agents section: directory, join form with its one-time key, acting as, subnets. */
export class AgentsPage {
  readonly actingAs: Locator;
  readonly directory: Locator;
  readonly filters: Locator;
  readonly joinForm: Locator;
  /** The one-time key (join or rotate). */
  readonly apiKey: Locator;
  readonly subnetForm: Locator;
  readonly subnetList: Locator;

  constructor(readonly page: Page) {
    this.actingAs = page.getByRole('combobox', { name: 'Acting as' });
    this.directory = page.getByRole('feed', { name: 'Agents' });
    this.filters = page.getByRole('search', { name: 'Filter agents' });
    this.joinForm = page.getByRole('form', { name: 'Join an agent' });
    this.apiKey = page.getByRole('status', { name: 'API key', exact: true });
    this.subnetForm = page.getByRole('form', { name: 'Create a subnet' });
    this.subnetList = page.getByRole('list', { name: 'Subnets', exact: true });
  }

  /** The Agents section's own tabs. */
  tab(name: 'Directory' | 'Join an agent' | 'Subnets'): Locator {
    return this.page.getByRole('navigation', { name: 'Agents' }).getByRole('link', { name, exact: true });
  }

  async gotoDirectory(search = '') {
    await this.page.goto(`/agents${search}`);
    await expect(this.page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  }

  agentLink(name: string): Locator {
    return this.directory.getByRole('link', { name, exact: true });
  }

  /** Names of the agents the directory lists now. */
  async listedNames(): Promise<string[]> {
    await expect(this.directory).toBeVisible();
    return this.directory.locator('article [data-agent-id] a[href^="/agents/"]:not([aria-label])').allTextContents();
  }

  async filterByTag(tag: string) {
    await this.filters.getByRole('searchbox', { name: 'Tag' }).fill(tag);
  }

  async filterByStatus(status: 'Online' | 'Offline' | 'All') {
    await this.filters.getByRole('combobox', { name: 'Status' }).selectOption({ label: status });
  }

  async gotoJoin() {
    await this.page.goto('/agents/join');
    await expect(this.page.getByRole('heading', { name: 'Join an agent', level: 1 })).toBeVisible();
  }

  async fillJoin(f: JoinFields) {
    await this.joinForm.getByRole('textbox', { name: 'Name', exact: true }).fill(f.name);
    if (f.description) await this.joinForm.getByRole('textbox', { name: 'Description' }).fill(f.description);
    if (f.tags) await this.joinForm.getByRole('textbox', { name: 'Tags' }).fill(f.tags);
    if (f.endpoint) await this.joinForm.getByRole('textbox', { name: 'Endpoint' }).fill(f.endpoint);
    if (f.mode) await this.joinForm.getByRole('combobox', { name: 'Reception mode' }).selectOption(f.mode);
  }

  async submitJoin() {
    await this.joinForm.getByRole('button', { name: 'Join agent' }).click();
  }

  /** Joins an agent, reads its one-time key from the page and dismisses it; returns id and key. */
  async join(f: JoinFields): Promise<{ agentId: string; apiKey: string }> {
    await this.gotoJoin();
    await this.fillJoin(f);
    await this.submitJoin();
    const apiKey = (await this.apiKey.textContent())?.trim() ?? '';
    const agentId = (await this.keyFact('Agent id').textContent())?.trim() ?? '';
    await this.dismissKey();
    return { agentId, apiKey };
  }

  /** A figure of the join answer (Agent id, Verification code, …). */
  keyFact(label: string): Locator {
    return this.page.locator('dl > div').filter({ has: this.page.locator('dt', { hasText: label }) }).locator('dd');
  }

  async dismissKey() {
    await this.page.getByRole('button', { name: 'I have stored the key' }).click();
    await expect(this.apiKey).toHaveCount(0);
  }

  async actAs(agentId: string | null) {
    await this.actingAs.selectOption(agentId ?? '');
  }

  async gotoSubnets() {
    await this.page.goto('/agents/subnets');
    await expect(this.page.getByRole('heading', { name: 'Subnets', level: 1 })).toBeVisible();
  }

  async createSubnet(name: string, opts: { approval?: boolean } = {}) {
    await this.subnetForm.getByRole('textbox', { name: 'Subnet name' }).fill(name);
    if (opts.approval) await this.subnetForm.getByRole('radio', { name: /^Approval/ }).check();
    await this.subnetForm.getByRole('button', { name: 'Create subnet' }).click();
    await expect(this.subnetForm.getByText(`Created ${name}.`)).toBeVisible();
  }

  subnetLink(name: string): Locator {
    return this.subnetList.getByRole('link', { name, exact: true });
  }

  /** The payment form (Payments, or a pool task's "Pay the worker" and "Pay again"). */
  get paymentForm(): Locator {
    return this.page.getByRole('form', { name: 'Send a payment' });
  }

  /** Reviews the payment form's amount and confirms it (`label`: "50 credits"). */
  async reviewAndConfirmPayment(label: string) {
    await this.paymentForm.getByRole('button', { name: 'Review payment' }).click();
    const confirm = this.paymentForm.getByRole('group', { name: 'Confirm the amount' });
    await expect(confirm).toContainText(`This spends ${label}`);
    await confirm.getByRole('button', { name: `Confirm ${label}` }).click();
  }

  /** A management form on the acting agent's own page (Profile, Endpoint, Reception policy, Delivery). */
  manageForm(name: 'Profile' | 'Endpoint' | 'Reception policy' | 'Delivery'): Locator {
    return this.page.getByRole('form', { name, exact: true });
  }
}
