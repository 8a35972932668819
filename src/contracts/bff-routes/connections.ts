import { ConnectionsResponse, PutConnectionResponse } from '../bff';
import { PutConnectionBody } from '../bff-bodies';
import { Params } from '../query';
import { ServiceId } from '../service-ids';
import { bffRoute } from './route';

/** Connections (route.ts says what an entry holds): sandbox or live, base URL, key, per service. */

const Service = Params({ service: ServiceId });

export const list = bffRoute({ method: 'GET', path: '/api/connections', kind: 'json', answer: ConnectionsResponse });
/** A live key is verified with the service before anything is saved. */
export const save = bffRoute({ method: 'PUT', path: '/api/connections/:service', kind: 'json', params: Service, body: PutConnectionBody, answer: PutConnectionResponse, refused: 'Nothing was saved' });
/** A key from the environment cannot be removed here (409). */
export const removeKey = bffRoute({ method: 'DELETE', path: '/api/connections/:service/key', kind: 'json', params: Service, answer: PutConnectionResponse });
