import type { ViewerStats, ViewerStatus } from './types';

/** What the viewer exposes to end-to-end tests (canvas content cannot be read by role). */
export type ViewerE2eState = {
  status: ViewerStatus;
  stats: ViewerStats | null;
  /** Frames rendered since the model became ready (the canvas renders on demand). */
  frames: number;
  /** Material map slots present in the model, e.g. ['map', 'normalMap']. */
  textureChannels: string[];
  /** Names of the animation clips the viewer can play. */
  clips?: string[];
  /** The printability check's figures once it has run. */
  problems?: { holes: number; boundaryEdges: number; nonManifoldEdges: number; watertight: boolean } | null;
};

declare global {
  /** Test hooks by feature; other features may add keys by merging this interface. */
  interface TriptychE2eHooks {
    viewer?: ViewerE2eState;
  }
  interface Window {
    __e2e?: TriptychE2eHooks;
  }
}

/**
 * Replaces the viewer's test state (a fresh object so tests can hold snapshots). Returns a
 * function that removes it again if it is still the current one (for unmount).
 */
export function publishViewerState(state: ViewerE2eState): () => void {
  if (typeof window === 'undefined') return () => {};
  window.__e2e = { ...window.__e2e, viewer: state };
  return () => {
    if (window.__e2e?.viewer !== state) return;
    const { viewer: _removed, ...rest } = window.__e2e;
    window.__e2e = rest;
  };
}

/** Counts one rendered frame; cheap enough to call from the render loop. */
export function countViewerFrame(): void {
  const viewer = typeof window === 'undefined' ? undefined : window.__e2e?.viewer;
  if (viewer && viewer.status === 'ready') viewer.frames += 1;
}
