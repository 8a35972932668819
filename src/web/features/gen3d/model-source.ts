import type { LedgerTask } from '../../../contracts/bff';
import { AnimationResult, RigResult } from '../../../contracts/gen3d/records-output';

/** The file the viewer shows for a task, and the extra clip files that play on it. */
export type ViewableModel = { src: string; clips: { label: string; src: string }[] };

/** A URL the browser may load: the console's own files or a data URI (never another host). */
export const loadable = (url: string | null | undefined): url is string => typeof url === 'string' && (url.startsWith('/') || url.startsWith('data:'));

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

/** The model a print analysis looked at: its own `model_url` when the browser can load it, else the input task's. */
export function analyzedSource(task: LedgerTask): { url: string } | { inputTaskId: string } | null {
  const modelUrl = task.request.model_url;
  if (typeof modelUrl === 'string' && loadable(modelUrl)) return { url: modelUrl };
  const input = task.request.input_task_id ?? task.parentId;
  return typeof input === 'string' && input ? { inputTaskId: input } : null;
}
