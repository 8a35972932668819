import { z } from 'zod';
import { resolve } from 'node:path';

const optionalKey = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/** The server's environment, validated once at start-up. */
export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default('data')
    .transform((p) => resolve(p)),
  SANDBOX_SPEED: z.coerce.number().positive('SANDBOX_SPEED must be above 0').max(1000).default(1),
  SANDBOX_CONTROL: z
    .enum(['0', '1', ''])
    .default('0')
    .transform((v) => v === '1'),
  GEN3D_API_KEY: optionalKey,
  SOCIAL_API_KEY: optionalKey,
  AGENTNET_API_KEY: optionalKey,
});
export type Env = z.output<typeof Env>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
