import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
 * to verify deliveries to its own receiver, and never sends it to a browser again. Replicas of a
 * team share the file on their one DATA_DIR volume (README, Deploy): a process reads it again when
 * it changed, before a change and when a receiver it does not know is asked for.
 */
export class WebhookSecrets {
  private readonly file: string;
  private data: z.infer<typeof File> = { hooks: [] };
  private readAt = '';

  constructor(dataDir: string) {
    this.file = join(dataDir, 'social-webhook-secrets.json');
    if (existsSync(this.file)) chmodSync(this.file, 0o600);
    this.load();
  }

  /** Reads the file when it changed since it was last read (another process wrote it). */
  private load() {
    if (!existsSync(this.file)) return;
    const stamp = this.stamp();
    if (stamp === this.readAt) return;
    this.readAt = stamp;
    let parsed: ReturnType<typeof File.safeParse> | null;
    try {
      parsed = File.safeParse(JSON.parse(readFileSync(this.file, 'utf8') || '{}'));
    } catch {
      parsed = null;
    }
    if (parsed?.success) this.data = parsed.data;
    else console.error('social-webhook-secrets.json could not be read; keeping the webhook secrets read before');
  }

  private save() {
    // A name of its own: two processes saving at once each rename a whole file into place.
    const tmp = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
    chmodSync(this.file, 0o600);
    this.readAt = this.stamp();
  }

  /** Which version of the file is there: each save renames a new file into place (a new inode). */
  private stamp(): string {
    const st = statSync(this.file);
    return `${st.ino}:${st.mtimeMs}:${st.size}`;
  }

  /** A new receiver id: the last path segment of the console's receiver URL for one webhook. */
  static newHookId() {
    return `h_${randomBytes(12).toString('base64url')}`;
  }

  put(held: HeldSecret) {
    this.load();
    this.data = { hooks: [...this.data.hooks.filter((h) => !(h.webhookId === held.webhookId && h.mode === held.mode)), held] };
    this.save();
  }

  byHook(hookId: string): HeldSecret | undefined {
    return this.find((h) => h.hookId === hookId);
  }

  byWebhook(webhookId: string): HeldSecret | undefined {
    return this.find((h) => h.webhookId === webhookId);
  }

  private find(match: (h: HeldSecret) => boolean): HeldSecret | undefined {
    const found = this.data.hooks.find(match);
    if (found) return found;
    this.load();
    return this.data.hooks.find(match);
  }

  /** Every secret held, to prove none leaks into an answer (tests). */
  all(): string[] {
    return this.data.hooks.map((h) => h.secret);
  }
}
