import type { LedgerTask } from '../../../../contracts/bff';
import { taskTypeOf } from '../../../../contracts/gen3d/outputs';
import { kindOf, products, productLabel, type KindSlug, type Product } from '../new-task/kinds';

/**
 * What a task can be chained into, and what the document forbids that the console can know before
 * sending anything: UV unwrap above 40,000 faces or not from a GLB, rigging above 300,000 faces, a
 * build from anything but a succeeded prototype of the same product, print analysis and repair of
 * an older model's task by id (the model goes as `model_url` instead), multi-color of a build by id
 * (likewise). Pure: the task page and every form with a source field read the same rules.
 */

export const UV_MAX_FACES = 40_000;
export const RIG_MAX_FACES = 300_000;

/** The facts of a task the rules read. */
export type ChainSource = {
  id: string;
  status: string;
  /** Task type (from the create path, so a creative-lab task reads as `creative-lab-prototype`). */
  type: string;
  product: Product | null;
  /** Model formats the task produced (`glb`, `stl`…). */
  formats: readonly string[];
  /** Face count: the record's, else the archived GLB's; null while unknown. */
  faces: number | null;
  /** `ai_model` the task was made with (request first, record second). */
  aiModel: string | null;
};

/** How the source goes in the body. */
export type Via = 'input_task_id' | 'model_url' | 'rig_task_id';

export type ChainOffer = {
  slug: KindSlug;
  product?: Product;
  via: Via;
  /** Why the document refuses it (the offer is shown disabled with this), or null. */
  refusal: string | null;
  /** A fact worth knowing before paying (the model goes by file, faces unknown…). */
  note?: string;
};

const MODEL_FORMATS = ['glb', 'obj', 'stl'];
const IMAGE_TYPES = ['text-to-image', 'image-to-image'];
const fmt = (n: number) => n.toLocaleString('en');

export function chainSourceOf(t: LedgerTask, faces: number | null = t.task.face_count): ChainSource {
  const product = /\/creative-lab\/([a-z-]+)\/v1\//.exec(t.createPath)?.[1] ?? null;
  const model = typeof t.request.ai_model === 'string' ? t.request.ai_model : t.task.ai_model;
  return {
    id: t.id,
    status: t.task.status,
    type: taskTypeOf(t.createPath, t.request as { mode?: unknown }) ?? t.task.type ?? 'task',
    product: (products as readonly string[]).includes(product ?? '') ? (product as Product) : null,
    formats: Object.keys(t.task.model_urls),
    faces,
    aiModel: model ?? null,
  };
}

const hasModel = (s: ChainSource) => s.formats.some((f) => MODEL_FORMATS.includes(f));
const isBuild = (s: ChainSource) => s.type === 'creative-lab-build';
const isPrototype = (s: ChainSource) => s.type === 'creative-lab-prototype';
/** Document: analyze and repair take by id a model-6 or preview task; an older model's output goes by model_url. */
export const isOlderModel = (s: ChainSource) => s.type !== 'text-to-3d-preview' && s.aiModel !== null && /^(model|meshy)-[0-5]$/.test(s.aiModel);
const typeWords = (s: ChainSource) => (s.product ? `${productLabel[s.product].toLowerCase()} ${s.type.replace('creative-lab-', '')}` : s.type);

/** Refusals that hang on the model itself, whichever way it goes (task or file). */
export function modelRefusal(slug: KindSlug, model: { format: string | null; faces: number | null }): string | null {
  if (slug === 'uv-unwrap' && model.format !== null && model.format !== 'glb') return `UV unwrap takes a GLB model; this one is ${model.format.toUpperCase()}.`;
  if (slug === 'uv-unwrap' && model.faces !== null && model.faces > UV_MAX_FACES)
    return `UV unwrap takes at most ${fmt(UV_MAX_FACES)} faces; this model has ${fmt(model.faces)}. Remesh it to fewer faces first.`;
  if (slug === 'rigging' && model.faces !== null && model.faces > RIG_MAX_FACES)
    return `Rigging takes at most ${fmt(RIG_MAX_FACES)} faces; this model has ${fmt(model.faces)}. Remesh it first.`;
  return null;
}

/** Why `slug` (for `product`) refuses this task as source `via`, or null when the console knows of no reason. */
export function refusalFor(slug: KindSlug, s: ChainSource, via: Via, product?: Product): string | null {
  if (s.status !== 'SUCCEEDED') return `Task ${s.id.slice(0, 8)} is ${s.status}: only a SUCCEEDED task can be used.`;
  const kind = kindOf(slug);
  if (slug === 'build') {
    if (!isPrototype(s)) return `A build takes a succeeded prototype of the same product; this task is a ${typeWords(s)}.`;
    if (product && s.product !== product)
      return `A ${productLabel[product].toLowerCase()} build takes a ${productLabel[product].toLowerCase()} prototype; this task is a ${typeWords(s)}.`;
    return null;
  }
  if (slug === 'animation') return s.type === 'rig' ? null : `An animation takes a rigging task; this task is a ${typeWords(s)}.`;
  if (slug === 'image-to-3d' || slug === 'multi-image-to-3d')
    return IMAGE_TYPES.includes(s.type) || isPrototype(s) ? null : `${kind.label} takes by id a text-to-image or image-to-image task; this task is a ${typeWords(s)}.`;
  if (!kind.modelSource) return `${kind.label} does not take a task.`;
  if (!hasModel(s)) return `${kind.label} takes a model; this task produced none (GLB, OBJ or STL).`;
  const byId = via === 'input_task_id';
  if (byId && (slug === 'print-analyze' || slug === 'print-repair') && isOlderModel(s))
    return `${kind.label} takes by id only model-6 or preview tasks; this is a ${s.aiModel} task. Send its model as model_url instead.`;
  if (byId && slug === 'print-multi-color' && isBuild(s)) return 'Multi-color print takes a product build only as model_url (its GLB), not by task id.';
  return modelRefusal(slug, { format: s.formats.includes('glb') ? 'glb' : (s.formats.find((f) => MODEL_FORMATS.includes(f)) ?? null), faces: s.faces });
}

const MODEL_KINDS: readonly KindSlug[] = ['retexture', 'remesh', 'convert', 'resize', 'uv-unwrap', 'rigging', 'print-analyze', 'print-repair', 'print-multi-color'];

/** How each operation would take this task: by id, unless the document takes it only as a file. */
export function viaFor(slug: KindSlug, s: ChainSource): Via {
  if (slug === 'animation') return 'rig_task_id';
  if ((slug === 'print-analyze' || slug === 'print-repair') && isOlderModel(s)) return 'model_url';
  if (slug === 'print-multi-color' && isBuild(s)) return 'model_url';
  return 'input_task_id';
}

/**
 * The operations that take this task, in the order of the New task area, each with the way it
 * goes and, when the document forbids it, why. A task that did not succeed offers nothing.
 */
export function chainOffers(s: ChainSource): ChainOffer[] {
  if (s.status !== 'SUCCEEDED') return [];
  const out: ChainOffer[] = [];
  const add = (slug: KindSlug, product?: Product) => {
    const via = viaFor(slug, s);
    const refusal = refusalFor(slug, s, via, product);
    const note =
      via === 'model_url'
        ? slug === 'print-multi-color'
          ? 'A build goes to multi-color print as its GLB (model_url).'
          : `A ${s.aiModel} task goes to ${kindOf(slug).label.toLowerCase()} as its model file (model_url).`
        : (slug === 'uv-unwrap' || slug === 'rigging') && s.faces === null && !refusal
          ? 'Face count not known yet: the service checks it.'
          : slug === 'rigging' && !refusal
            ? 'Humanoid bipedal characters only; anything else is refused (422) without charge.'
            : undefined;
    out.push({ slug, via, refusal, ...(product ? { product } : {}), ...(note ? { note } : {}) });
  };
  if (IMAGE_TYPES.includes(s.type) || isPrototype(s)) {
    add('image-to-3d');
    add('multi-image-to-3d');
  }
  if (hasModel(s)) for (const slug of MODEL_KINDS) add(slug);
  if (s.type === 'rig') add('animation');
  if (isPrototype(s)) for (const p of products) add('build', p);
  return out;
}

/** A margin before expiry: a URL about to expire is not sent (the task may wait in the queue). */
const SIGNED_URL_MARGIN_MS = 10 * 60_000;

/**
 * The service's own signed URL of the task's model, while it is valid (the BFF reads it from the
 * service's record; the browser never loads it, it only sends it back as `model_url`); null when
 * the console must send the archived file as a data URI instead.
 */
export function signedModelUrl(t: Pick<LedgerTask, 'serviceModel'>, now: number): string | null {
  const m = t.serviceModel;
  return m && m.expiresAt > now + SIGNED_URL_MARGIN_MS ? m.url : null;
}
