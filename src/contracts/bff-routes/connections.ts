import { PutConnectionBody, PutConnectionResponse } from '../bff-bodies';
import { ServiceParams } from '../bff-queries';
import { bffRoute } from './route';

/** The Connections page's writes (route.ts says what an entry holds): sandbox or live, base URL, key, per service (their list: shell.ts). */

/** A live key is verified with the service before anything is saved. */
export const save = bffRoute({ role: 'admin', method: 'PUT', path: '/api/connections/:service', params: ServiceParams, body: PutConnectionBody, answer: PutConnectionResponse, refused: 'Nothing was saved' });
/** A key from the environment cannot be removed here (409). */
export const removeKey = bffRoute({ role: 'admin', method: 'DELETE', path: '/api/connections/:service/key', params: ServiceParams, answer: PutConnectionResponse });
