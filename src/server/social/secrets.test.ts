import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookSecrets } from './secrets';

/* Two console processes on one DATA_DIR volume (README, Deploy): a webhook made on one is verified on the other. */

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const held = (n: number) => ({ webhookId: `wh_${n}`, secret: `whsec_${n}_abcdefghijkl`, hookId: `h_${n}`, url: `https://console.example.com/api/hooks/social/h_${n}`, mode: 'sandbox' as const, createdAt: n });

describe('webhook secrets shared by replicas', () => {
  it('a secret one process keeps is found by another, and neither loses the other’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triptych-secrets-'));
    dirs.push(dir);
    const a = new WebhookSecrets(dir);
    const b = new WebhookSecrets(dir);
    a.put(held(1));
    expect(b.byHook('h_1')?.secret).toBe('whsec_1_abcdefghijkl');
    b.put(held(2));
    a.put(held(3));
    expect(new WebhookSecrets(dir).all().sort()).toEqual(['whsec_1_abcdefghijkl', 'whsec_2_abcdefghijkl', 'whsec_3_abcdefghijkl']);
    expect(b.byWebhook('wh_3')?.hookId).toBe('h_3');
    expect(a.byHook('h_404')).toBeUndefined();
  });
});
