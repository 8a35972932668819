import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The owner identity token (the human owner's bearer for claim, transfer and deletion
 * confirmation), kept like the API keys: a file in DATA_DIR with mode 0600, one token per
 * deployment (the sandbox, or a live base URL). It is never answered back to the browser after
 * it is set: callers see the owner's id and name, a four-character hint and the expiry.
 */
const Entry = z.object({ token: z.string(), ownerId: z.nullable(z.string()), name: z.nullable(z.string()), expiresAt: z.nullable(z.number()), setAt: z.number(), source: z.enum(['sandbox-sign-in', 'pasted']) });
export type OwnerEntry = z.infer<typeof Entry>;
const File = z.record(z.string(), Entry);

export class OwnerTokens {
  private readonly file: string;
  constructor(dataDir: string) {
    this.file = join(dataDir, 'agentnet-owner.json');
  }

  private read(): Record<string, OwnerEntry> {
    if (!existsSync(this.file)) return {};
    const parsed = File.safeParse(JSON.parse(readFileSync(this.file, 'utf8') || '{}'));
    return parsed.success ? parsed.data : {};
  }
  private write(data: Record<string, OwnerEntry>) {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(data, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
    chmodSync(this.file, 0o600);
  }

  get(deployment: string): OwnerEntry | null {
    return this.read()[deployment] ?? null;
  }
  set(deployment: string, entry: OwnerEntry) {
    this.write({ ...this.read(), [deployment]: entry });
  }
  forget(deployment: string) {
    const { [deployment]: _, ...rest } = this.read();
    this.write(rest);
  }
  /** Every token held, to prove none leaks into a response (tests). */
  all(): string[] {
    return Object.values(this.read()).map((e) => e.token);
  }
}

/** What a JWT-shaped token says about its subject and expiry, without trusting it (display only). */
export function peekToken(token: string): { sub: string | null; name: string | null; exp: number | null } {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    return { sub: typeof payload.sub === 'string' ? payload.sub : null, name: typeof payload.name === 'string' ? payload.name : null, exp: typeof payload.exp === 'number' ? payload.exp * 1000 : null };
  } catch {
    return { sub: null, name: null, exp: null };
  }
}
