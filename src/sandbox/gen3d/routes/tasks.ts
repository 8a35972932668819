import { gen3dOps } from '../../../contracts/gen3d';
import type { Handlers } from '../../shared/register';
import type { Gen3dDeps, Gen3dEnv } from './context';
import { generationHandlers } from './create-gen';
import { postHandlers } from './create-post';
import { libraryEntries } from './library';
import { taskRoutes } from './task-routes';

type Ops = typeof gen3dOps;

/** Every operation of the route table: creates per type, and list/get/delete/stream on every task path. */
export function gen3dHandlers(deps: Gen3dDeps): Handlers<Ops, Gen3dEnv> {
  const handlers: Record<string, unknown> = {
    balance: (c: Parameters<typeof libraryEntries>[0]) => c.json({ balance: deps.store.balance(c.get('account'), deps.clock.now()) }),
    animationLibrary: (c: Parameters<typeof libraryEntries>[0]) => c.json(libraryEntries(c, deps)),
    animationCatalog: (c: Parameters<typeof libraryEntries>[0], { query }: { query: { category?: string } }) => {
      const list = libraryEntries(c, deps, query.category);
      return c.json({ result: { total: list.length, list } });
    },
    ...generationHandlers(deps, gen3dOps),
    ...postHandlers(deps),
  };
  // A family whose create is not imitated keeps its create unhandled (404 naming the operation).
  const families = new Set(Object.keys(gen3dOps).filter((k) => k.endsWith('.create') && handlers[k]).map((k) => k.slice(0, -'.create'.length)));
  for (const family of families) {
    const path = gen3dOps[`${family}.create` as keyof Ops].path;
    // The CLI's `meshy delete <id>` deletes any task through the text-to-3D path.
    const routes = taskRoutes(deps, path, { anyPathDelete: family === 'textTo3d' });
    Object.assign(handlers, { [`${family}.list`]: routes.list, [`${family}.get`]: routes.get, [`${family}.delete`]: routes.delete, [`${family}.stream`]: routes.stream });
  }
  return handlers as Handlers<Ops, Gen3dEnv>;
}
