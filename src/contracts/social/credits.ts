import { Numeric } from '../common';
import { z } from '../zod';

/** The credit balance's path (the table's `credits` operation, routes.ts): the shell reads it on every page without the table. */
export const creditsPath = '/api/v1/credits';

/** `GET /credits` (docs/live-services.md#social-data--credits): snake_case, amounts as integer strings. */
export const SocialCredits = z.pipe(
  z.looseObject({ balance: Numeric, lifetime_purchased: z.optional(Numeric), lifetime_used: z.optional(Numeric), auto_topup_enabled: z.nullish(z.boolean()) }),
  z.transform((c) => ({ balance: c.balance, lifetimePurchased: c.lifetime_purchased ?? null, lifetimeUsed: c.lifetime_used ?? null, autoTopup: !!c.auto_topup_enabled })),
);
