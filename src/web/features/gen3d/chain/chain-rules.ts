import type { LedgerTask } from '../../../../contracts/bff';
import { operationOf } from '../../../../contracts/gen3d/operations';
import { taskTypeOf } from '../../../../contracts/gen3d/outputs';
import { kindOf, kinds, products, productLabel, type KindType, type Product } from '../new-task/kinds';

/**
 * What a task can be chained into, and what the document forbids that the console can know before
 * sending anything: UV unwrap above 40,000 faces or not from a GLB, rigging above 300,000 faces, a
 * build from anything but a succeeded prototype of the same product, print analysis and repair of
 * an older model's task by id (the model goes as `model_url` instead), multi-color of a build by id
 * (likewise). Pure: the task page and every form with a source field read the same rules.
 */

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
  type: KindType;
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

/** Refusals that hang on the model itself, whichever way it goes (task or file): the operation's limits. */
export function modelRefusal(type: KindType, model: { format: string | null; faces: number | null }): string | null {
  const limits = operationOf(type).limits;
  if (!limits) return null;
  const label = kindOf(type).label;
  if (limits.glbOnly && model.format !== null && model.format !== 'glb') return `${label} takes a GLB model; this one is ${model.format.toUpperCase()}.`;
  if (model.faces !== null && model.faces > limits.maxFaces) return `${label} takes at most ${fmt(limits.maxFaces)} faces; this model has ${fmt(model.faces)}. Remesh it to fewer faces first.`;
  return null;
}

/** Why `type` (for `product`) refuses this task as source `via`, or null when the console knows of no reason. */
export function refusalFor(type: KindType, s: ChainSource, via: Via, product?: Product): string | null {
  if (s.status !== 'SUCCEEDED') return `Task ${s.id.slice(0, 8)} is ${s.status}: only a SUCCEEDED task can be used.`;
  const kind = kindOf(type);
  if (type === 'creative-lab-build') {
    if (!isPrototype(s)) return `A build takes a succeeded prototype of the same product; this task is a ${typeWords(s)}.`;
    if (product && s.product !== product)
      return `A ${productLabel[product].toLowerCase()} build takes a ${productLabel[product].toLowerCase()} prototype; this task is a ${typeWords(s)}.`;
    return null;
  }
  if (type === 'animate') return s.type === 'rig' ? null : `An animation takes a rigging task; this task is a ${typeWords(s)}.`;
  if (type === 'image-to-3d' || type === 'multi-image-to-3d')
    return IMAGE_TYPES.includes(s.type) || isPrototype(s) ? null : `${kind.label} takes by id a text-to-image or image-to-image task; this task is a ${typeWords(s)}.`;
  if (!kind.modelSource) return `${kind.label} does not take a task.`;
  if (!hasModel(s)) return `${kind.label} takes a model; this task produced none (GLB, OBJ or STL).`;
  const byId = via === 'input_task_id';
  if (byId && (type === 'print-analyze' || type === 'print-repair') && isOlderModel(s))
    return `${kind.label} takes by id only model-6 or preview tasks; this is a ${s.aiModel} task. Send its model as model_url instead.`;
  if (byId && type === 'print-multi-color' && isBuild(s)) return 'Multi-color print takes a product build only as model_url (its GLB), not by task id.';
  return modelRefusal(type, { format: s.formats.includes('glb') ? 'glb' : (s.formats.find((f) => MODEL_FORMATS.includes(f)) ?? null), faces: s.faces });
}

/** The operations that take a model, in the order of the New task area. */
const MODEL_KINDS: readonly KindType[] = kinds.filter((k) => k.modelSource).map((k) => k.type);

/** How each operation would take this task: by id, unless the document takes it only as a file. */
export function viaFor(type: KindType, s: ChainSource): Via {
  if (type === 'animate') return 'rig_task_id';
  if ((type === 'print-analyze' || type === 'print-repair') && isOlderModel(s)) return 'model_url';
  if (type === 'print-multi-color' && isBuild(s)) return 'model_url';
  return 'input_task_id';
}

/**
 * The operations that take this task, in the order of the New task area, each with the way it
 * goes and, when the document forbids it, why. A task that did not succeed offers nothing.
 */
export function chainOffers(s: ChainSource): ChainOffer[] {
  if (s.status !== 'SUCCEEDED') return [];
  const out: ChainOffer[] = [];
  const add = (type: KindType, product?: Product) => {
    const via = viaFor(type, s);
    const refusal = refusalFor(type, s, via, product);
    const note =
      via === 'model_url'
        ? type === 'print-multi-color'
          ? 'A build goes to multi-color print as its GLB (model_url).'
          : `A ${s.aiModel} task goes to ${kindOf(type).label.toLowerCase()} as its model file (model_url).`
        : operationOf(type).limits && s.faces === null && !refusal
          ? 'Face count not known yet: the service checks it.'
          : type === 'rig' && !refusal
            ? 'Humanoid bipedal characters only; anything else is refused (422) without charge.'
            : undefined;
    out.push({ type, via, refusal, ...(product ? { product } : {}), ...(note ? { note } : {}) });
  };
  if (IMAGE_TYPES.includes(s.type) || isPrototype(s)) {
    add('image-to-3d');
    add('multi-image-to-3d');
  }
  if (hasModel(s)) for (const type of MODEL_KINDS) add(type);
  if (s.type === 'rig') add('animate');
  if (isPrototype(s)) for (const p of products) add('creative-lab-build', p);
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
