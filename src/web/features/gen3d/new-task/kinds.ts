import { gen3dOps, products, type Product } from '../../../../contracts/gen3d/routes';
import { priceOf, priceWords, type Operation, type Price } from '../../../../contracts/routes';
import { formatInt } from '../../../lib/format';

/**
 * The task types the "New task" area creates, each bound to its route-table entry: the form
 * checks its body with the entry's schema, prices it with the entry's `spend`, and sends it with
 * the entry's path. Text to 3D keeps its own form on the queue page.
 */
export const kindSlugs = [
  'image-to-3d',
  'multi-image-to-3d',
  'retexture',
  'remesh',
  'convert',
  'resize',
  'uv-unwrap',
  'rigging',
  'animation',
  'text-to-motion',
  'text-to-image',
  'image-to-image',
  'prototype',
  'build',
  'print-analyze',
  'print-repair',
  'print-multi-color',
] as const;
export type KindSlug = (typeof kindSlugs)[number];
export const isKindSlug = (s: string): s is KindSlug => (kindSlugs as readonly string[]).includes(s);

export type KindGroup = 'Generate' | 'Post-process' | 'Animate' | 'Images' | 'Products' | 'Print';
type OpId = keyof typeof gen3dOps;

export type Kind = {
  slug: KindSlug;
  label: string;
  group: KindGroup;
  /** One sentence on what it makes. */
  summary: string;
  /** The route-table entry; products pick theirs by product. */
  op: (product: Product) => Operation;
  /** Takes a model by `input_task_id` or `model_url`. */
  modelSource: boolean;
};

const byId = (id: OpId) => () => gen3dOps[id] as Operation;
const k = (slug: KindSlug, label: string, group: KindGroup, summary: string, op: Kind['op'], modelSource = false): Kind => ({ slug, label, group, summary, op, modelSource });

export const kinds: readonly Kind[] = [
  k('image-to-3d', 'Image to 3D', 'Generate', 'A textured model from one picture.', byId('imageTo3d.create')),
  k('multi-image-to-3d', 'Multi-image to 3D', 'Generate', 'A model from 1 to 4 pictures of one subject.', byId('multiImageTo3d.create')),
  k('retexture', 'Retexture', 'Post-process', 'New textures on a model, from a text or image style.', byId('retexture.create'), true),
  k('remesh', 'Remesh', 'Post-process', 'A new mesh at a target polycount, quads or triangles.', byId('remesh.create'), true),
  k('convert', 'Convert', 'Post-process', 'The model in other file formats.', byId('convert.create'), true),
  k('resize', 'Resize', 'Post-process', 'The model scaled to metres, its origin moved.', byId('resize.create'), true),
  k('uv-unwrap', 'UV unwrap', 'Post-process', 'Non-overlapping UVs for a GLB of at most 40,000 faces.', byId('uvUnwrap.create'), true),
  k('rigging', 'Rigging', 'Animate', 'A skeleton for a humanoid character, with walking and running clips.', byId('rigging.create'), true),
  k('animation', 'Animation', 'Animate', 'A clip of the animation library on a rigged character.', byId('animation.create')),
  k('text-to-motion', 'Text to motion', 'Animate', 'A motion clip (BVH) acted out from a prompt, 2 to 10 seconds long.', byId('textToMotion.create')),
  k('text-to-image', 'Text to image', 'Images', 'Pictures from a prompt, one view or several.', byId('textToImage.create')),
  k('image-to-image', 'Image to image', 'Images', 'A picture from a prompt and reference pictures.', byId('imageToImage.create')),
  k('prototype', 'Product prototype', 'Products', 'A figure, lamp, keychain or fridge magnet prototype from a picture (a lamp also from text).', (p) => gen3dOps[`prototype.${p}.create` as OpId] as Operation),
  k('build', 'Product build', 'Products', 'The printable build of a succeeded prototype.', (p) => gen3dOps[`build.${p}.create` as OpId] as Operation),
  k('print-analyze', 'Print analysis', 'Print', 'Watertightness, volume, holes and bad edges of a model. Free.', byId('printAnalyze.create'), true),
  k('print-repair', 'Print repair', 'Print', 'A watertight GLB, geometry only.', byId('printRepair.create'), true),
  k('print-multi-color', 'Multi-color print', 'Print', 'A 3MF with up to 16 colours.', byId('printMultiColor.create'), true),
];
/** The kind (and product) whose form creates tasks on this create path; null for text to 3D, which has its own form. */
export function kindOfPath(createPath: string): { kind: Kind; product: Product | null } | null {
  for (const kind of kinds) {
    const options: readonly Product[] = kind.slug === 'prototype' || kind.slug === 'build' ? products : ['figure'];
    const product = options.find((p) => kind.op(p).path === createPath);
    if (product) return { kind, product: options.length > 1 ? product : null };
  }
  return null;
}
export const kindGroups: readonly KindGroup[] = ['Generate', 'Post-process', 'Animate', 'Images', 'Products', 'Print'];
export const kindOf = (slug: KindSlug): Kind => kinds.find((x) => x.slug === slug) as Kind;
export { products, type Product };
export const productLabel: Record<Product, string> = { figure: 'Figure', lamp: 'Lamp', keychain: 'Keychain', 'fridge-magnet': 'Fridge magnet' };

/** What a body costs by its entry: null for an operation that spends nothing. */
export function kindPrice(op: Operation, body: unknown): Price | null {
  return op.spend ? priceOf(op.spend, body) : null;
}

/**
 * The price line of a form: the price (a range where the document gives one, with the upper end
 * the spend guard counts) and the balance after it.
 */
export function priceLine(price: Price | null, balance: number | undefined): { cost: string; after: string | null; short: boolean } {
  const p = price ?? { min: 0, max: 0 };
  const cost = p.max === 0 ? 'nothing (free)' : p.min === p.max ? priceWords(p, 'credits') : `${priceWords(p, 'credits')} (the spend guard counts ${p.max})`;
  if (balance === undefined) return { cost, after: null, short: false };
  const low = balance - p.max;
  const high = balance - p.min;
  return { cost, after: low === high ? formatInt(low) : `${formatInt(low)} to ${formatInt(high)}`, short: low < 0 };
}
