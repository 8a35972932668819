import type { RouteDef } from '../routes';
import { IntParam, NoQuery, queryParams } from '../query';
import { z } from '../zod';
import * as req from './requests';

/** List query of the live services (field notes): page_num, page_size 1..50, sort_by. */
export const ListQuery = z.strictObject(
  {
    page_num: IntParam(1, 100_000, 'page_num'),
    page_size: IntParam(1, 50, 'page_size'),
    sort_by: z.optional(z.enum(['-created_at', 'created_at'])),
  },
  queryParams,
);

export const products = ['figure', 'lamp', 'keychain', 'fridge-magnet'] as const;

/** Every task-creating path of the document, with its strict body. */
const createPaths: Array<{ path: string; body: RouteDef['body']; params?: RouteDef['params'] }> = [
  { path: '/openapi/v2/text-to-3d', body: req.TextTo3dRequest },
  { path: '/openapi/v1/image-to-3d', body: req.ImageTo3dRequest },
  { path: '/openapi/v1/multi-image-to-3d', body: req.MultiImageTo3dRequest },
  { path: '/openapi/v1/retexture', body: req.RetextureRequest },
  { path: '/openapi/v1/remesh', body: req.RemeshRequest },
  { path: '/openapi/v1/convert', body: req.ConvertRequest },
  { path: '/openapi/v1/resize', body: req.ResizeRequest },
  { path: '/openapi/v1/uv-unwrap', body: req.UvUnwrapRequest },
  { path: '/openapi/v1/rigging', body: req.RiggingRequest },
  { path: '/openapi/v1/animations', body: req.AnimationRequest },
  { path: '/openapi/v1/text-to-image', body: req.TextToImageRequest },
  { path: '/openapi/v1/image-to-image', body: req.ImageToImageRequest },
  { path: '/openapi/creative-lab/:product/v1/prototype', body: req.PrototypeRequest, params: { product: products } },
  { path: '/openapi/creative-lab/:product/v1/build', body: req.BuildRequest, params: { product: products } },
  { path: '/openapi/v1/print/analyze', body: req.PrintSourceRequest },
  { path: '/openapi/v1/print/repair', body: req.PrintSourceRequest },
  { path: '/openapi/v1/print/multi-color', body: req.PrintMultiColorRequest },
];

/**
 * The 3D service's documented routes. Besides create and task GET (document), each task path has
 * the live extras of the field notes: list, delete and the SSE stream.
 */
export const gen3dRoutes: RouteDef[] = [
  { method: 'GET', path: '/openapi/v1/balance', kind: 'read', query: NoQuery },
  { method: 'GET', path: '/openapi/v1/animations/library', kind: 'read', query: NoQuery },
  ...createPaths.flatMap(({ path, body, params }): RouteDef[] => [
    { method: 'POST', path, kind: 'create', body, params },
    { method: 'GET', path, kind: 'list', params, query: ListQuery },
    { method: 'GET', path: `${path}/:id`, kind: 'task', params, query: NoQuery },
    { method: 'GET', path: `${path}/:id/stream`, kind: 'stream', params, query: NoQuery },
    { method: 'DELETE', path: `${path}/:id`, kind: 'delete', params },
  ]),
];

/** The create path a task type is polled on. */
export const textTo3dPath = '/openapi/v2/text-to-3d';
export const balancePath = '/openapi/v1/balance';
