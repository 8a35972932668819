import { z } from 'zod';
import { resolve } from 'node:path';
import { isLoopback, parseHost } from './hosts';

const optionalKey = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

const flag = (name: string) =>
  z
    .enum(['0', '1', ''], { error: `${name} must be 1 (on) or 0 (off)` })
    .default('0')
    .transform((v) => v === '1');

/** `ALLOWED_HOSTS`: comma-separated host names (with an optional port) the console also answers to. */
const hostList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .check((ctx) => {
    for (const h of ctx.value) {
      if (!parseHost(h)) ctx.issues.push({ code: 'custom', input: ctx.value, message: `"${h}" is not a host name (write names like console.example.com or console.example.com:8443, comma separated)` });
    }
  });

/** The server's environment, validated once at start-up. */
export const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8787),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z
      .string()
      .trim()
      .min(1)
      .default('data')
      .transform((p) => resolve(p)),
    SANDBOX_SPEED: z.coerce.number().positive('SANDBOX_SPEED must be above 0').max(1000).default(1),
    SANDBOX_CONTROL: flag('SANDBOX_CONTROL'),
    GEN3D_API_KEY: optionalKey,
    SOCIAL_API_KEY: optionalKey,
    AGENTNET_API_KEY: optionalKey,
    ALLOWED_HOSTS: hostList,
    REQUIRE_SIGN_IN: flag('REQUIRE_SIGN_IN'),
    TRUST_PROXY: flag('TRUST_PROXY'),
    SESSION_HOURS: z.coerce.number().positive('SESSION_HOURS must be above 0').max(24 * 90, 'SESSION_HOURS must be at most 2160 (90 days)').default(12),
  })
  .transform((env) => ({
    ...env,
    /** Sign-in is required off loopback, and wherever REQUIRE_SIGN_IN=1 asks for it. */
    signIn: env.REQUIRE_SIGN_IN || !isLoopback(env.HOST),
  }));
export type Env = z.output<typeof Env>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'ALLOWED_HOSTS'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
