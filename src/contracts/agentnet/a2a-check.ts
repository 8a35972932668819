import { isHttpUrl } from '../text-fields';
import { z } from '../zod';

/**
 * The console's own A2A check (`POST /api/agentnet/a2a-check`, a BFF route, not the service's): what
 * the operator asks, and the answer the BFF gives: the v0.3 `message/send` exchange judged rule by
 * rule, the agent card's interfaces, and the v1.0 `SendMessage` exchange where the card offers one.
 */
export const A2aCheckRequest = z
  .strictObject({
    agent_id: z.optional(z.string().check(z.trim(), z.minLength(1, 'agent_id must not be empty'), z.maxLength(120, 'agent_id takes at most 120 characters'))),
    // Not z.url: the browser's zod would carry its URL schema on every page for this one field.
    url: z.optional(z.string({ error: 'url must be a complete http(s) URL' }).check(z.refine(isHttpUrl, 'url must be a complete http(s) URL'), z.maxLength(2000, 'url takes at most 2,000 characters'))),
    text: z.optional(z.string().check(z.maxLength(2000, 'text takes at most 2,000 characters'))),
  })
  .check(z.refine((b) => !!(b.agent_id ?? b.url), { message: 'name an agent, or give an endpoint as url, to check', path: ['agent_id'] }));
export type A2aCheckRequest = z.output<typeof A2aCheckRequest>;

export const A2aRule = z.object({ id: z.string(), rule: z.string(), passed: z.nullable(z.boolean()), detail: z.string() });
const exchange = {
  request: z.object({ method: z.literal('POST'), url: z.string(), headers: z.record(z.string(), z.string()), body: z.unknown() }),
  reply: z.nullable(z.object({ status: z.number(), contentType: z.nullable(z.string()), body: z.string(), elapsedMs: z.number() })),
  /** Why nothing came back (refused by the outbound rules, timeout, no connection). */
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
};
export const A2aExchange = z.object(exchange);
export type A2aExchange = z.output<typeof A2aExchange>;

export const A2aCheckResult = z.object({
  /** The agent whose endpoint was checked, when one was named. */
  agentId: z.nullable(z.string()),
  url: z.string(),
  ok: z.boolean(),
  kind: z.nullable(z.enum(['task', 'message'])),
  rules: z.array(A2aRule),
  ...exchange,
  card: z.object({ url: z.string(), found: z.boolean(), v03: z.nullable(z.string()), v10: z.nullable(z.string()) }),
  v1: z.discriminatedUnion('offered', [
    z.object({ offered: z.literal(true), url: z.string(), ok: z.boolean(), rules: z.array(A2aRule), ...exchange }),
    z.object({ offered: z.literal(false) }),
  ]),
});
export type A2aCheckResult = z.output<typeof A2aCheckResult>;

/**
 * `GET|PUT /api/agentnet/outbound`: whether the A2A check may reach loopback and private
 * addresses. `allowPrivate` is the setting saved on the A2A check page (PUT sets it); `allowedBy`
 * is the switch that allows them now: ALLOW_PRIVATE_DESTINATIONS=1 on the server (which the
 * setting cannot close), the saved setting, or none (refused).
 */
export const OutboundSetting = z.object({
  allowPrivate: z.boolean(),
  allowedBy: z.nullable(z.enum(['environment', 'setting'])),
});
export type OutboundSetting = z.output<typeof OutboundSetting>;
