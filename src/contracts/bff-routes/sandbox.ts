import { SandboxCreditsBody, SandboxCreditsResponse, SandboxResetResponse } from '../bff-bodies';
import { ServiceParams } from '../bff-queries';
import { bffRoute } from './route';

/** The sandbox controls of the Connections page (route.ts says what an entry holds): only while the service runs on the sandbox (409 live). */

/** Tops up or resets the credits of the account the console uses in the sandbox; answers the new balance. */
export const credits = bffRoute({ method: 'POST', path: '/api/sandbox/:service/credits', params: ServiceParams, body: SandboxCreditsBody, answer: SandboxCreditsResponse, refused: 'Nothing was changed' });
/** Puts the service's sandbox back to a fresh start. */
export const reset = bffRoute({ role: 'admin', method: 'POST', path: '/api/sandbox/:service/reset', params: ServiceParams, answer: SandboxResetResponse });
