import { gen3dTaskTypes, type gen3dOps, isProductOperation, operationOf, pathOf, products, type Product } from '../../../contracts/gen3d';
import type { Handlers } from '../../shared/register';
import type { CreateHandlers, Gen3dContext, Gen3dDeps, Gen3dEnv } from './context';
import { generationHandlers } from './create-gen';
import { postHandlers } from './create-post';
import { libraryEntries } from './library';
import { taskRoutes } from './task-routes';

type Ops = typeof gen3dOps;
type AnyCreate = (c: Gen3dContext, input: { body: unknown; product: Product }) => Response | Promise<Response>;

/** Every operation of the route table: each task type's create, and list/get/delete/stream on its path. */
export function gen3dHandlers(deps: Gen3dDeps): Handlers<Ops, Gen3dEnv> {
  const creates: CreateHandlers = { ...generationHandlers(deps), ...postHandlers(deps) };
  const handlers: Record<string, unknown> = {
    balance: (c: Gen3dContext) => c.json({ balance: deps.store.balance(c.get('account'), deps.clock.now()) }),
    animationLibrary: (c: Gen3dContext) => c.json(libraryEntries(c, deps)),
    animationCatalog: (c: Gen3dContext, { query }: { query: { category?: string } }) => {
      const list = libraryEntries(c, deps, query.category);
      return c.json({ result: { total: list.length, list } });
    },
  };
  for (const type of gen3dTaskTypes) {
    const op = operationOf(type);
    const create = creates[type] as AnyCreate;
    for (const product of isProductOperation(op) ? products : [undefined]) {
      const name = product ? `${op.route}.${product}` : op.route;
      // Text to 3D: one route for two types, whose handler reads the mode.
      if (handlers[`${name}.create`]) continue;
      // The CLI's `meshy delete <id>` deletes any task through the text-to-3D path.
      const routes = taskRoutes(deps, pathOf(op, product), { anyPathDelete: type === 'text-to-3d-preview' });
      Object.assign(handlers, {
        [`${name}.create`]: (c: Gen3dContext, { body }: { body: unknown }) => create(c, { body, product: product ?? 'figure' }),
        [`${name}.list`]: routes.list,
        [`${name}.get`]: routes.get,
        [`${name}.delete`]: routes.delete,
        [`${name}.stream`]: routes.stream,
      });
    }
  }
  return handlers as Handlers<Ops, Gen3dEnv>;
}
