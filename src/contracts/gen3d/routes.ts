import type { ZodMiniType } from 'zod/mini';
import { DATA_URI_MAX_BODY, operation, type Operation, type Spend } from '../routes';
import { creditRange, fixedCredits, imageToImagePrice, textTo3dPrice, textToImagePrice } from './prices';
import { IntParam, NoQuery, Params, PathParam, Query } from '../query';
import { z } from '../zod';
import { products, TASK_ID, type Product } from './ids';
import { balancePath } from './paths';
import { Balance, TaskRecord } from './records';
import { AnimationCatalog, AnimationLibrary } from './records-output';
import * as req from './requests';

/**
 * The 3D service's route table: every operation of the document, plus the live extras of the
 * field notes on each task path (list, delete, the SSE stream) and the animation library.
 */

/** Largest live page (field notes); asks up to 100 (the MCP server sends them) are clamped to it, not refused. */
export const PAGE_SIZE_MAX = 50;
const PageSize = z.optional(
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'page_size must be a whole number')), z.transform(Number)).check(z.gte(1, 'page_size must be 1 to 100'), z.lte(100, 'page_size must be 1 to 100')),
    z.transform((n) => Math.min(PAGE_SIZE_MAX, n)),
  ),
);
/** `+created_at` arrives as ` created_at` when the `+` was not escaped. */
const SortBy = z.optional(
  z.pipe(
    z.enum(['-created_at', 'created_at', '+created_at', ' created_at'], { error: 'sort_by must be -created_at or +created_at' }),
    z.transform((v) => (v === '-created_at' ? ('-created_at' as const) : ('+created_at' as const))),
  ),
);
export const listPhases = ['draft', 'generate', 'texture', 'stylize', 'animate'] as const;

/** List query of the live service (field notes, MCP server): page_num, page_size, sort_by, status, phase. */
export const ListQuery = Query({
  page_num: IntParam(1, 100_000, 'page_num'),
  page_size: PageSize,
  sort_by: SortBy,
  status: z.optional(
    z.pipe(
      z.string().check(z.regex(/^(pending|in_progress|succeeded|failed|canceled)$/i, 'status must be PENDING, IN_PROGRESS, SUCCEEDED, FAILED or CANCELED')),
      z.transform((s) => s.toUpperCase()),
    ),
  ),
  phase: z.optional(z.enum(listPhases, { error: `phase must be one of ${listPhases.join(', ')}` })),
});

export { products, TASK_ID, type Product };
const TaskParams = Params({ id: PathParam('id', TASK_ID, 'a task id (letters, digits, - and _)') });

export const CreateResult = z.looseObject({ result: z.string() });
const TaskList = z.array(TaskRecord);

type Family<N extends string, B extends ZodMiniType> = { [K in `${N}.create`]: Operation & { body: B; kind: 'create' } } & {
  [K in `${N}.list`]: Operation & { query: typeof ListQuery };
} & { [K in `${N}.get` | `${N}.stream` | `${N}.delete`]: Operation & { params: typeof TaskParams } };

/** The five operations of one task path: create (at its price, when it spends credits), list, get, stream, delete. */
export function taskFamily<const N extends string, B extends ZodMiniType>(name: N, path: string, what: string, body: B, spend: Spend | undefined, dataUris = false): Family<N, B> {
  const base = { service: 'gen3d' as const };
  return {
    [`${name}.create`]: operation({ ...base, id: `${name}.create`, summary: `create ${what}`, method: 'POST', path, kind: 'create', body, answer: CreateResult, ...(spend ? { spend } : {}), ...(dataUris ? { maxBody: DATA_URI_MAX_BODY } : {}) }),
    [`${name}.list`]: operation({ ...base, id: `${name}.list`, summary: `list ${what}s`, method: 'GET', path, kind: 'list', query: ListQuery, answer: TaskList, empty: [] }),
    [`${name}.get`]: operation({ ...base, id: `${name}.get`, summary: `read ${what}`, method: 'GET', path: `${path}/:id`, kind: 'task', params: TaskParams, query: NoQuery, answer: TaskRecord }),
    [`${name}.stream`]: operation({ ...base, id: `${name}.stream`, summary: `stream ${what}'s progress`, method: 'GET', path: `${path}/:id/stream`, kind: 'stream', params: TaskParams, query: NoQuery }),
    [`${name}.delete`]: operation({ ...base, id: `${name}.delete`, summary: `delete ${what}`, method: 'DELETE', path: `${path}/:id`, kind: 'delete', params: TaskParams }),
  } as Family<N, B>;
}

export const textTo3dPath = '/openapi/v2/text-to-3d';
export { balancePath };
/** The path of a creative-lab step of a product. */
export const creativeLab = (product: Product, step: 'prototype' | 'build') => `/openapi/creative-lab/${product}/v1/${step}`;

const productFamilies = products.map((p) => ({
  ...taskFamily(`prototype.${p}`, creativeLab(p, 'prototype'), `a ${p} prototype task`, p === 'lamp' ? req.LampPrototypeRequest : req.PrototypeRequest, fixedCredits(6), true),
  ...taskFamily(`build.${p}`, creativeLab(p, 'build'), `a ${p} build task`, req.BuildRequest, fixedCredits(30)),
}));

export const gen3dOps = {
  balance: operation({ id: 'balance', service: 'gen3d', summary: 'read the credit balance', method: 'GET', path: balancePath, kind: 'read', query: NoQuery, answer: Balance }),
  animationLibrary: operation({
    id: 'animationLibrary',
    service: 'gen3d',
    summary: 'list the animation library',
    method: 'GET',
    path: '/openapi/v1/animations/library',
    kind: 'read',
    query: NoQuery,
    answer: AnimationLibrary,
    empty: [],
  }),
  /** The CLI's public animation catalog (no key; `{result: {total, list}}`), beside the field notes' library. */
  animationCatalog: operation({
    id: 'animationCatalog',
    service: 'gen3d',
    summary: 'list the public animation catalog',
    method: 'GET',
    path: '/web/public/animations/resources',
    kind: 'read',
    query: Query({ category: z.optional(z.string().check(z.maxLength(60, 'category takes at most 60 characters'))) }),
    answer: AnimationCatalog,
    empty: { result: { total: 0, list: [] } },
  }),
  ...taskFamily('textTo3d', textTo3dPath, 'a text-to-3D task', req.TextTo3dRequest, textTo3dPrice, true),
  ...taskFamily('imageTo3d', '/openapi/v1/image-to-3d', 'an image-to-3D task', req.ImageTo3dRequest, creditRange(5, 30), true),
  ...taskFamily('multiImageTo3d', '/openapi/v1/multi-image-to-3d', 'a multi-image-to-3D task', req.MultiImageTo3dRequest, creditRange(5, 30), true),
  ...taskFamily('retexture', '/openapi/v1/retexture', 'a retexture task', req.RetextureRequest, fixedCredits(10), true),
  ...taskFamily('remesh', '/openapi/v1/remesh', 'a remesh task', req.RemeshRequest, fixedCredits(5), true),
  ...taskFamily('convert', '/openapi/v1/convert', 'a convert task', req.ConvertRequest, fixedCredits(1), true),
  ...taskFamily('resize', '/openapi/v1/resize', 'a resize task', req.ResizeRequest, fixedCredits(1), true),
  ...taskFamily('uvUnwrap', '/openapi/v1/uv-unwrap', 'a UV unwrap task', req.UvUnwrapRequest, fixedCredits(5), true),
  ...taskFamily('rigging', '/openapi/v1/rigging', 'a rigging task', req.RiggingRequest, fixedCredits(5), true),
  ...taskFamily('animation', '/openapi/v1/animations', 'an animation task', req.AnimationRequest, fixedCredits(3)),
  ...taskFamily('textToImage', '/openapi/v1/text-to-image', 'a text-to-image task', req.TextToImageRequest, textToImagePrice),
  ...taskFamily('imageToImage', '/openapi/v1/image-to-image', 'an image-to-image task', req.ImageToImageRequest, imageToImagePrice, true),
  ...taskFamily('printAnalyze', '/openapi/v1/print/analyze', 'a print analysis task', req.PrintSourceRequest, fixedCredits(0), true),
  ...taskFamily('printRepair', '/openapi/v1/print/repair', 'a print repair task', req.PrintSourceRequest, fixedCredits(10), true),
  ...taskFamily('printMultiColor', '/openapi/v1/print/multi-color', 'a multi-color print task', req.PrintMultiColorRequest, fixedCredits(10), true),
  ...(Object.assign({}, ...productFamilies) as Record<string, Operation>),
  /** The CLI's text-to-motion (neither the document nor the field notes name it, nor its price: an animation's 3 credits is assumed). */
  ...taskFamily('textToMotion', '/openapi/v1/text-to-motion', 'a text-to-motion task', req.TextToMotionRequest, fixedCredits(3)),
};

/** Every operation of the 3D service, in registration order. */
export const gen3dRoutes: readonly Operation[] = Object.values(gen3dOps);
