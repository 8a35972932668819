import { IdentitiesResponse } from '../bff';
import { Params } from '../query';
import { z } from '../zod';
import { bffRoute } from './route';

/** Who the console can act as on the agent network (route.ts says what an entry holds); the keys stay in the BFF. */

/** The agents the console holds a key for on this deployment, newest first. */
export const list = bffRoute({ method: 'GET', path: '/api/identities/agentnet', kind: 'json', answer: IdentitiesResponse });
/** Forgets an agent's key. */
export const forget = bffRoute({ method: 'DELETE', path: '/api/identities/agentnet/:agentId', kind: 'json', params: Params({ agentId: z.string() }) });
