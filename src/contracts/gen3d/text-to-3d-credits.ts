/**
 * Text to 3D's price in credits: preview 20 on model-6 and latest, 5 on model-5; refine 10 (docs/live-services.md#3d-generation--models-and-prices). A module of its own: the queue (the first page) prices its text-to-3D tasks with it without
 * loading the other price rules (prices.ts, whose `textTo3dPrice` is this).
 */
export const textTo3dCredits = (b: Readonly<Record<string, unknown>>) => (b.mode === 'refine' ? 10 : b.ai_model === 'model-5' || b.ai_model === 'meshy-5' ? 5 : 20);
