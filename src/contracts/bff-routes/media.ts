import { Params } from '../query';
import { z } from '../zod';
import { bffRoute } from './route';

/**
 * A picture, clip or GLB preview a service's answer named, through a link the BFF signed for a day
 * (route.ts says what an entry holds). The token is `{expiry}.{signature}`, the URL base64url.
 */
export const media = bffRoute({ method: 'GET', path: '/api/media/:service/:token/:encoded', kind: 'file', params: Params({ service: z.string(), token: z.string(), encoded: z.string() }) });
