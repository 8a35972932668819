import type { ZodMiniType } from 'zod/mini';
import { DATA_URI_MAX_BODY, operation, type Operation, type OperationTable, type Spend } from '../routes';
import { IntParam, NoQuery, Params, PathParam, Query } from '../query';
import { z } from '../zod';
import { products, TASK_ID, type Product } from './ids';
import { gen3dOperations, isProductOperation, operationOf, type Gen3dOperations } from './operations';
import { balancePath } from './paths';
import { Balance, TaskRecord } from './records';
import { AnimationCatalog, AnimationLibrary } from './records-output';
import { gen3dTaskTypes, type Gen3dTaskType } from './task-types';

/**
 * The 3D service's route table: every task operation of operations.ts with the live extras of the
 * live-service notes (docs/live-services.md#3d-generation--paths-beyond-the-document) on its path (list, delete, the SSE stream), the balance and the animation library.
 */

/** Largest live page (docs/live-services.md#3d-generation--paging); asks up to 100 (the MCP server sends them) are clamped to it, not refused. */
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

/** List query of the live service (docs/live-services.md#3d-generation--paging, MCP server): page_num, page_size, sort_by, status, phase. */
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
function taskFamily<const N extends string, B extends ZodMiniType>(name: N, path: string, what: string, body: B, spend: Spend | undefined, dataUris = false): Family<N, B> {
  const base = { service: 'gen3d' as const };
  return {
    [`${name}.create`]: operation({ ...base, id: `${name}.create`, summary: `create ${what}`, method: 'POST', path, kind: 'create', body, answer: CreateResult, ...(spend ? { spend } : {}), ...(dataUris ? { maxBody: DATA_URI_MAX_BODY } : {}) }),
    [`${name}.list`]: operation({ ...base, id: `${name}.list`, summary: `list ${what}s`, method: 'GET', path, kind: 'list', query: ListQuery, answer: TaskList, empty: [] }),
    [`${name}.get`]: operation({ ...base, id: `${name}.get`, summary: `read ${what}`, method: 'GET', path: `${path}/:id`, kind: 'task', params: TaskParams, query: NoQuery, answer: TaskRecord }),
    [`${name}.stream`]: operation({ ...base, id: `${name}.stream`, summary: `stream ${what}'s progress`, method: 'GET', path: `${path}/:id/stream`, kind: 'stream', params: TaskParams, query: NoQuery }),
    [`${name}.delete`]: operation({ ...base, id: `${name}.delete`, summary: `delete ${what}`, method: 'DELETE', path: `${path}/:id`, kind: 'delete', params: TaskParams }),
  } as Family<N, B>;
}

export const textTo3dPath = gen3dOperations['text-to-3d-preview'].path;
export { balancePath };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** The families of one entry: one route, or one per product (`prototype.lamp`). */
type FamilyOf<E> = E extends { route: infer N extends string; body: (p: Product) => infer B extends ZodMiniType }
  ? Family<`${N}.${Product}`, B>
  : E extends { route: infer N extends string; body: infer B extends ZodMiniType }
    ? Family<N, B>
    : never;
type TaskOperations = UnionToIntersection<{ [T in keyof Gen3dOperations]: FamilyOf<Gen3dOperations[T]> }[keyof Gen3dOperations]>;

/** Each entry's families, in the order of the task types; text to 3D's two types share one. */
function taskOperations(): TaskOperations {
  const table: Record<string, Operation> = {};
  for (const type of gen3dTaskTypes) {
    const op = operationOf(type);
    const routes = isProductOperation(op) ? products.map((p) => ({ name: `${op.route}.${p}`, path: op.path(p), what: op.what(p), body: op.body(p) })) : [{ name: op.route, path: op.path, what: op.what, body: op.body }];
    for (const r of routes) if (!(`${r.name}.create` in table)) Object.assign(table, taskFamily(r.name, r.path, r.what, r.body, op.spend, op.dataUris ?? false));
  }
  return table as TaskOperations;
}

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
  /** The CLI's public animation catalog (no key; `{result: {total, list}}`), beside the live-service notes (docs/live-services.md#3d-generation--official-clients) library. */
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
  ...taskOperations(),
};

/** Every operation of the 3D service, in registration order. */
export const gen3dRoutes: readonly Operation[] = Object.values(gen3dOps);

/** The create operation of a task type (a creative-lab one's for `product`). */
export function createOperation(type: Gen3dTaskType, product: Product = 'figure'): Operation {
  const op = operationOf(type);
  return (gen3dOps as OperationTable)[`${isProductOperation(op) ? `${op.route}.${product}` : op.route}.create`] as Operation;
}
