import { ConnectionsResponse, IdentitiesResponse } from '../bff';
import { Health } from '../health';
import { bffRoute } from './route';

/**
 * What every page reads (route.ts says what an entry holds): the connections, the agents the
 * console can act as, the live event stream; and health, for probes. The shell loads this area
 * on every page: its routes take no input and answer schemas the first page has anyway.
 */

/** One per service: sandbox or live, base URL, the key's hint. */
export const connections = bffRoute({ method: 'GET', path: '/api/connections', answer: ConnectionsResponse });
/** The agents the console holds a key for on this deployment, newest first (the keys stay in the BFF). */
export const identities = bffRoute({ method: 'GET', path: '/api/identities/agentnet', answer: IdentitiesResponse });
/** One SSE connection per tab carries every change (`LiveEvent`, contracts/bff.ts). */
export const events = bffRoute({ method: 'GET', path: '/api/events', kind: 'stream' });
/** Ready when every database answers (503 when not); public, for probes. */
export const health = bffRoute({ method: 'GET', path: '/api/health', answer: Health });
