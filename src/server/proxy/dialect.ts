import type { ServiceId } from '../../contracts/services';

/**
 * The live services name some values differently from their documents (docs/live-services.md#3d-generation--models-and-prices). Bodies are
 * checked in the document's terms, then translated here just before they go to a live service.
 */
const liveModel: Record<string, string> = { 'model-5': 'meshy-5', 'model-6': 'meshy-6' };

export function toLive(service: ServiceId, body: Record<string, unknown>): Record<string, unknown> {
  if (service === 'gen3d' && typeof body.ai_model === 'string' && body.ai_model in liveModel) {
    return { ...body, ai_model: liveModel[body.ai_model] };
  }
  return body;
}
