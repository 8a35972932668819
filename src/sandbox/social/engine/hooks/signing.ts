import { createHmac, randomBytes } from 'node:crypto';

/**
 * How the live service signs a delivery (docs/live-services.md#social-data--signatures, current scheme): HMAC-SHA256 with the
 * webhook's secret over `<timestamp>.<nonce>.<raw body>`, sent as `X-Xquik-Signature: sha256=<hex>`
 * with `X-Xquik-Timestamp` (epoch ms) and `X-Xquik-Nonce` (32 hex). The older scheme signed the raw
 * body alone (`legacySignature`), kept for receivers' tests.
 */
export const SIGNATURE_HEADER = 'x-xquik-signature';
export const TIMESTAMP_HEADER = 'x-xquik-timestamp';
export const NONCE_HEADER = 'x-xquik-nonce';

export const signature = (secret: string, timestamp: string, nonce: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${nonce}.${body}`).digest('hex')}`;
export const legacySignature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export const newNonce = () => randomBytes(16).toString('hex');
export const newSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

/** The headers of one signed delivery (a new nonce and the current time each time). */
export function signedHeaders(secret: string, body: string, extra: Record<string, string> = {}, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  const nonce = newNonce();
  return {
    'content-type': 'application/json',
    'user-agent': 'Xquik-Webhooks/1.0 (Triptych sandbox)',
    [SIGNATURE_HEADER]: signature(secret, timestamp, nonce, body),
    [TIMESTAMP_HEADER]: timestamp,
    [NONCE_HEADER]: nonce,
    ...extra,
  };
}
