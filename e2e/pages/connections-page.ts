import { expect, type Locator, type Page } from '@playwright/test';

/** The Connections page: one card per service, its form, and the sandbox controls in sandbox mode. */
export class ConnectionsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/connections');
    await expect(this.page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
  }

  /** A service's connection form ('3D', 'Social', 'Agents'). */
  form(label: string): Locator {
    return this.page.getByRole('form', { name: `${label} connection` });
  }

  /** A service's sandbox controls. */
  controls(label: string): Locator {
    return this.page.getByRole('region', { name: `${label} sandbox controls` });
  }

  /** Presses a button that asks first, then confirms. */
  async confirm(scope: Locator, label: string, confirmLabel: string) {
    await scope.getByRole('button', { name: label, exact: true }).click();
    await scope.getByRole('group', { name: label }).getByRole('button', { name: confirmLabel }).click();
  }
}
