import type { LedgerTask } from '../bff';
import { isOwnPath } from '../own-path';
import { AnimationResult, RigResult } from './records-output';

/*
 * Which file a succeeded task shows in the viewer. The browser decides it for the page it draws;
 * the server decides it the same way for the page it sends, so a finished task's model starts
 * downloading before the app has started.
 */

/** The file the viewer shows for a task, and the extra clip files that play on it. */
export type ViewableModel = { src: string; clips: { label: string; src: string }[] };

/** A URL the browser may load: the console's own files or a data URI (never another host). */
export const loadable = (url: string | null | undefined): url is string => typeof url === 'string' && (isOwnPath(url) || url.startsWith('data:'));

/** True when the service's copies of a task's files are gone and the console kept none. */
export const filesExpired = (t: LedgerTask, now: number) => t.task.status === 'SUCCEEDED' && !t.archived && t.task.expires_at !== null && t.task.expires_at <= now;

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
 * The files a finished task's page downloads as it opens (the model and its clip files): the
 * console's own files only, for a succeeded task whose files are still there. A print analysis
 * shows the model it looked at, which its page finds itself.
 */
export function modelFilesToPrefetch(task: LedgerTask, now: number): string[] {
  if (task.task.status !== 'SUCCEEDED' || filesExpired(task, now) || task.task.type === 'print-analyze') return [];
  const model = viewableModel(task);
  if (!model) return [];
  return [model.src, ...model.clips.map((c) => c.src)].filter(isOwnPath);
}
