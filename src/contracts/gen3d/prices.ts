import type { Price, Spend } from '../routes';
import { textTo3dCredits } from './text-to-3d-credits';

/**
 * The price rules the operations of operations.ts name: credits (the document's Credits column and
 * the live-service notes (docs/live-services.md#3d-generation--models-and-prices)). Where the document gives a range and not what selects the amount, the range
 * stands and the spend guard counts its upper end.
 */
const credits = (price: Spend['price']): Spend => ({ unit: 'credits', price });
export const fixedCredits = (amount: number) => credits({ kind: 'fixed', amount });
export const creditRange = (min: number, max: number) => credits({ kind: 'range', min, max });
const exactly = (n: number): Price => ({ min: n, max: n });

/** Text to 3D: preview 20 on model-6 and latest, 5 on model-5; refine 10 (docs/live-services.md#3d-generation--models-and-prices). */
export const textTo3dPrice = credits({ kind: 'computed', of: (b) => exactly(textTo3dCredits(b)) });

/** Text to image by model (docs/live-services.md#3d-generation--models-and-prices: nano-banana 3, nano-banana-2 6, nano-banana-pro 9 (the document's imagemodel-pro), gpt-image-2 9). */
const textToImageModels: Record<string, number> = { 'nano-banana': 3, 'nano-banana-2': 6, 'nano-banana-pro': 9, 'imagemodel-pro': 9, 'gpt-image-2': 9 };
/** Image to image: the document's 3, 6, 9 or 12; which model costs 12 is inferred (?). */
const imageToImageModels: Record<string, number> = { 'nano-banana': 3, 'nano-banana-2': 6, 'nano-banana-pro': 9, 'imagemodel-pro': 9, 'gpt-image-2': 12 };
const byModel = (models: Record<string, number>, min: number, max: number): Spend =>
  credits({ kind: 'computed', of: (b) => (typeof b.ai_model === 'string' && b.ai_model in models ? exactly(models[b.ai_model] as number) : { min, max }) });
export const textToImagePrice = byModel(textToImageModels, 3, 9);
export const imageToImagePrice = byModel(imageToImageModels, 3, 12);

/**
 * What the sandbox charges for image and multi-image to 3D inside the document's 5 to 30 (which
 * option selects the amount is not shown): the model's base (meshy-5: 5, else 20) plus 10 for texturing.
 */
export const imageTo3dCharge = (b: Readonly<Record<string, unknown>>) => (b.ai_model === 'meshy-5' || b.ai_model === 'model-5' ? 5 : 20) + (b.should_texture === false ? 0 : 10);
