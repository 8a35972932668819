/**
 * Credits per operation (document; field notes where the document gives a range). The sandbox's
 * own copy: the route table's spend column is being written apart (contracts), and these must agree
 * with it once it lands.
 */
const imageModelCredits: Record<string, number> = { 'nano-banana': 3, 'nano-banana-2': 6, 'nano-banana-pro': 9, 'imagemodel-pro': 9, 'gpt-image-2': 9 };

export const prices = {
  /** meshy-6/latest 20, older 5 (field notes). */
  preview: (model: string | undefined) => (model === 'model-5' ? 5 : 20),
  refine: 10,
  /** 5 to 30: the model's base (meshy-5: 5, else 20) plus 10 for texturing. */
  imageTo3d: (model: string | undefined, texture: boolean) => (model === 'meshy-5' || model === 'model-5' ? 5 : 20) + (texture ? 10 : 0),
  retexture: 10,
  remesh: 5,
  convert: 1,
  resize: 1,
  uvUnwrap: 5,
  rigging: 5,
  animation: 3,
  /** (?) Neither the document nor the field notes price it: an animation's 3. */
  textToMotion: 3,
  /** 3, 6, 9 or 9 (nano-banana, nano-banana-2, nano-banana-pro, gpt-image-2); new variants at the top price. */
  textToImage: (model: string) => imageModelCredits[model] ?? 9,
  /** 3, 6, 9 or 12 (gpt-image-2 costs 12 here). */
  imageToImage: (model: string) => (model.startsWith('gpt-image') ? 12 : (imageModelCredits[model] ?? 9)),
  prototype: 6,
  build: 30,
  printAnalyze: 0,
  printRepair: 10,
  printMultiColor: 10,
};
