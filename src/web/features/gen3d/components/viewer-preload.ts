import type { LedgerTask } from '../../../../contracts/bff';
import { modelFilesToPrefetch } from '../../../../contracts/gen3d/viewable-model';
import './early-download';
import type * as Viewer from './viewer';
import { prefetchModel } from './viewer/model-bytes';

export type ViewerModule = typeof Viewer;
let viewer: ViewerModule | null = null;

/** The viewer's chunk (three.js and all): imported only here, so it loads when a viewer is wanted. */
export const loadViewer = () => import('./viewer').then((module) => (viewer = module));

/** The viewer's module once its chunk has run; null before. */
export const loadedViewer = (): ViewerModule | null => viewer;

/**
 * Starts fetching the viewer chunk ahead of time: a task page asks for it in its loader, beside the
 * task itself, and a running task's page has it ready for the moment the task succeeds.
 */
export function preloadViewer(): void {
  void loadViewer().catch(() => {
    // The lazy component retries and reports the failure when it renders.
  });
}

/**
 * For a finished task's page, before it renders: starts downloading the model (and its clip files)
 * the viewer will show, while the viewer's code loads. A page the server sent already started them
 * (early-download.ts); a page opened within the app starts them here.
 */
export function prefetchTaskModel(task: LedgerTask, now = Date.now()): void {
  for (const src of modelFilesToPrefetch(task, now)) prefetchModel(src);
}
