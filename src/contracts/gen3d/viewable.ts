import type { LedgerTask } from '../bff';
import { filesExpired, loadable } from './task-files';
import { AnimationResult, RigResult } from './records-output';

export { filesExpired, loadable } from './task-files';

/*
 * Which file a task shows in the viewer: decided once, here, for the browser (the viewer, the task
 * page's prefetch) and for the server (which preloads that file when it serves the task's page).
 */

/** The file the viewer shows for a task, and the extra clip files that play on it. */
export type ViewableModel = { src: string; clips: { label: string; src: string }[] };


/**
 * What a succeeded task shows in the viewer: a rig's character with its walking and running clips,
 * an animation's GLB, any GLB of `model_urls`, else a 3MF (multi-colour prints, in their colours).
 */
export function viewableModel(task: LedgerTask): ViewableModel | null {
  const t = task.task;
  if (t.type === 'rig' || t.result?.rigged_character_glb_url !== undefined) {
    const rig = RigResult.parse(t.result);
    const clips = [
      { label: 'Walking', src: rig.walking.glb },
      { label: 'Running', src: rig.running.glb },
    ].filter((c): c is { label: string; src: string } => loadable(c.src));
    const src = loadable(rig.riggedGlb) ? rig.riggedGlb : clips[0]?.src;
    return src ? { src, clips: src === rig.riggedGlb ? clips : [] } : null;
  }
  if (t.type === 'animate' || t.result?.animation_glb_url !== undefined) {
    const glb = AnimationResult.parse(t.result).glb;
    return loadable(glb) ? { src: glb, clips: [] } : null;
  }
  const glb = t.model_urls.glb;
  if (loadable(glb)) return { src: glb, clips: [] };
  const threeMf = t.model_urls['3mf'];
  if (loadable(threeMf)) return { src: threeMf, clips: [] };
  return null;
}

/**
 * The model a finished task's page opens with in its viewer (a print analysis shows its report
 * first), or null. Only the console's own paths: a data URI is already in the page.
 */
export function modelOnOpen(task: LedgerTask, now: number): ViewableModel | null {
  if (task.task.status !== 'SUCCEEDED' || filesExpired(task, now) || task.task.type === 'print-analyze') return null;
  const model = viewableModel(task);
  return model && model.src.startsWith('/') ? model : null;
}
