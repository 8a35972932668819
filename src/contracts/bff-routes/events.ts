import { Health } from '../health';
import { bffRoute } from './route';

/** What every page shares (route.ts says what an entry holds): the live event stream, and health for probes. */

/** One SSE connection per tab carries every change (`LiveEvent`, contracts/bff.ts). */
export const events = bffRoute({ method: 'GET', path: '/api/events', kind: 'stream' });
/** Ready when every database answers (503 when not); public, for probes. */
export const health = bffRoute({ method: 'GET', path: '/api/health', kind: 'json', answer: Health });
