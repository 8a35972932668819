import type { Context } from 'hono';
import type { output, ZodMiniType } from 'zod/mini';
import type { Gen3dOperations, Gen3dTaskType, Product } from '../../../contracts/gen3d';
import type { SandboxClock } from '../../shared/clock';
import type { FaultBox } from '../../shared/faults';
import type { Gen3dEngine } from '../engine/engine';
import type { FileMaker } from '../engine/files';
import type { Gen3dStore } from '../store/store';

/** What the 3D sandbox's route modules share. */
export type Gen3dEnv = { Variables: { account: string } };
export type Gen3dContext = Context<Gen3dEnv>;
export type Gen3dDeps = {
  store: Gen3dStore;
  engine: Gen3dEngine;
  files: FileMaker;
  clock: SandboxClock;
  faults: FaultBox;
  speed: number;
  /** Where the sandbox is mounted (file URLs are made under it); default /sandbox/gen3d. */
  root?: string;
};

/** The sandbox's own origin and mount, as the caller reached it. */
export const baseOf = (c: Context, deps: Pick<Gen3dDeps, 'root'>) => `${new URL(c.req.url).origin}${deps.root ?? '/sandbox/gen3d'}`;

/** The checked body of a task type's create (a creative-lab one's: any product's). */
export type CreateBody<T extends Gen3dTaskType> = Gen3dOperations[T] extends { body: (p: Product) => infer B extends ZodMiniType }
  ? output<B>
  : Gen3dOperations[T] extends { body: infer B extends ZodMiniType }
    ? output<B>
    : never;
/** The sandbox's create of one task type, once its body passed the operation's checks (`product`: a creative-lab one's). */
export type CreateHandler<T extends Gen3dTaskType> = (c: Gen3dContext, input: { body: CreateBody<T>; product: Product }) => Response | Promise<Response>;
/** Creates by task type: every type of operations.ts has one (a type without fails to compile in tasks.ts). */
export type CreateHandlers = { [T in Gen3dTaskType]: CreateHandler<T> };
