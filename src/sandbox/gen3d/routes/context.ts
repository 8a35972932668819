import type { Context } from 'hono';
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
