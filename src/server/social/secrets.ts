import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';

const Held = z.object({
  webhookId: z.string(),
  secret: z.string(),
  /** Set when the webhook's destination is this console's receiver. */
  hookId: z.nullable(z.string()),
  url: z.string(),
  mode: z.enum(['sandbox', 'live']),
  createdAt: z.number(),
});
export type HeldSecret = z.infer<typeof Held>;
const File = z.object({ hooks: z.array(Held).default([]) });

/**
 * Webhook signing secrets, held only by the BFF: the service shows a secret once, in the answer
 * that creates the webhook; the BFF keeps it here (a file in DATA_DIR, mode 0600, like the keys)
 * to verify deliveries to its own receiver, and never sends it to a browser again.
 */
export class WebhookSecrets {
  private readonly file: string;
  private data: z.infer<typeof File> = { hooks: [] };

  constructor(dataDir: string) {
    this.file = join(dataDir, 'social-webhook-secrets.json');
    if (existsSync(this.file)) {
      chmodSync(this.file, 0o600);
      const parsed = File.safeParse(JSON.parse(readFileSync(this.file, 'utf8') || '{}'));
      if (parsed.success) this.data = parsed.data;
      else console.error('social-webhook-secrets.json could not be read; starting with no webhook secrets');
    }
  }

  private save() {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
    chmodSync(this.file, 0o600);
  }

  /** A new receiver id: the last path segment of the console's receiver URL for one webhook. */
  static newHookId() {
    return `h_${randomBytes(12).toString('base64url')}`;
  }

  put(held: HeldSecret) {
    this.data = { hooks: [...this.data.hooks.filter((h) => !(h.webhookId === held.webhookId && h.mode === held.mode)), held] };
    this.save();
  }

  byHook(hookId: string): HeldSecret | undefined {
    return this.data.hooks.find((h) => h.hookId === hookId);
  }

  byWebhook(webhookId: string): HeldSecret | undefined {
    return this.data.hooks.find((h) => h.webhookId === webhookId);
  }

  /** Every secret held, to prove none leaks into an answer (tests). */
  all(): string[] {
    return this.data.hooks.map((h) => h.secret);
  }
}
