import { useEffect, useState } from 'react';
import type { AnimationClip, Box3, Object3D } from 'three';
import { parseGlb } from './fetch-glb';
import { cleanReason, toFailure, ViewerLoadError, type LoadFailure } from './load-error';
import { progressGate } from './download';
import { disposeModel } from './materials';
import { loadModelBytes } from './model-bytes';
import { retargetClip } from './retarget';
import { computeStats, modelBox, presentTextureSlots } from './stats';
import { threeMfMetres } from './three-mf-unit';
import type { LoadProgress, ViewerStats } from './types';

export type LoadedModel = {
  scene: Object3D;
  box: Box3;
  stats: ViewerStats;
  textureChannels: string[];
  /** The model's clips, then those of the extra clip files (by source label when unnamed). */
  animations: AnimationClip[];
  /** True when the model has a skeleton (a skinned mesh). */
  skinned: boolean;
  /** The GLB as received (for the validator). */
  bytes: ArrayBuffer;
};

/** A 3MF (a zip) rather than a GLB: multi-colour print results. */
const isZip = (buffer: ArrayBuffer) => buffer.byteLength > 4 && new Uint32Array(buffer.slice(0, 4))[0] === 0x04034b50;

/** Reads a 3MF with its base-material colours, in metres; its loader is fetched only for such files. */
async function parse3mf(buffer: ArrayBuffer): Promise<{ scene: Object3D; animations: AnimationClip[] }> {
  const [{ ThreeMFLoader }, { unzipSync }] = await Promise.all([import('./format-loaders'), import('three/examples/jsm/libs/fflate.module.js')]);
  try {
    const group = new ThreeMFLoader().parse(buffer);
    // The loader keeps the file's unit (millimetres, mostly); the viewer measures in metres.
    const part = Object.values(unzipSync(new Uint8Array(buffer), { filter: (f) => /\.model$/i.test(f.name) }))[0];
    group.scale.setScalar(threeMfMetres(part ? new TextDecoder().decode(part.subarray(0, 4096)) : ''));
    // 3MF is Z-up; the viewer (like glTF) is Y-up.
    group.rotation.x = -Math.PI / 2;
    group.updateMatrixWorld(true);
    return { scene: group, animations: [] };
  } catch (error) {
    throw new ViewerLoadError({ kind: 'invalid', reason: `the 3MF file could not be read: ${cleanReason(error)}` });
  }
}

/**
 * Another GLB whose animation clips play on this model: a rig's walking and running files, or
 * (`retarget`) a clip made on another rig, an animation library action, moved onto this model's
 * bones by name and listed first.
 */
export type ClipSource = { label: string; src: string; retarget?: boolean };

export type GlbState =
  | { status: 'loading'; progress: LoadProgress }
  | { status: 'ready'; model: LoadedModel }
  | { status: 'error'; failure: LoadFailure };

const initial: GlbState = { status: 'loading', progress: { loaded: 0, total: null } };
type Keyed = { key: string; state: GlbState };

/**
 * Fetches (with progress) and parses the GLB at `src`. A new `src` or `attempt` aborts the
 * previous download; the previous model's geometries, materials and textures are disposed when it
 * is replaced and on unmount.
 */
export function useGlb(src: string, attempt: number, clipSources: readonly ClipSource[] = []): GlbState {
  const clipKey = JSON.stringify(clipSources);
  const key = `${attempt}:${src}:${clipKey}`;
  const [keyed, setKeyed] = useState<Keyed>({ key, state: initial });

  useEffect(() => {
    const setState = (state: GlbState) => setKeyed({ key, state });
    const controller = new AbortController();
    const { signal } = controller;
    let model: LoadedModel | null = null;
    // Re-render on each whole percent, or every 100 ms when the size is unknown.
    const worthShowing = progressGate(100);
    const onProgress = (progress: LoadProgress) => {
      if (worthShowing(progress) && !signal.aborted) setState({ status: 'loading', progress });
    };

    // Every failure is caught inside and becomes the viewer's state.
    void (async () => {
      try {
        const buffer = await loadModelBytes(src, signal, onProgress);
        if (signal.aborted) return;
        setState({ status: 'loading', progress: { loaded: buffer.byteLength, total: buffer.byteLength, parsing: true } });
        const gltf = isZip(buffer) ? await parse3mf(buffer) : await parseGlb(buffer, src);
        const box = modelBox(gltf.scene);
        const animations = [...gltf.animations];
        for (const extra of JSON.parse(clipKey) as ClipSource[]) {
          const other = await parseGlb(await loadModelBytes(extra.src, signal, () => {}), extra.src);
          if (extra.retarget) {
            const moved = other.animations.map((clip) => retargetClip(clip, other.scene, gltf.scene)).filter((c) => c !== null);
            if (moved.length === 0) throw new ViewerLoadError({ kind: 'invalid', reason: `“${extra.label}” moves no bone this model has` });
            moved.forEach((clip) => (clip.name = moved.length === 1 ? extra.label : `${extra.label}: ${clip.name}`));
            animations.unshift(...moved);
          }
          for (const clip of extra.retarget ? [] : other.animations) {
            if (!clip.name) clip.name = extra.label;
            animations.push(clip);
          }
          disposeModel(other.scene);
        }
        // Clips are played by name (drei's useAnimations): a repeated name gets its number.
        const seen = new Map<string, number>();
        for (const clip of animations) {
          const n = (seen.get(clip.name) ?? 0) + 1;
          seen.set(clip.name, n);
          if (n > 1) clip.name = `${clip.name} (${n})`;
        }
        let skinned = false;
        gltf.scene.traverse((o) => {
          if ((o as { isSkinnedMesh?: boolean }).isSkinnedMesh) skinned = true;
        });
        const loaded: LoadedModel = {
          scene: gltf.scene,
          box,
          stats: computeStats(gltf.scene, buffer.byteLength, box),
          textureChannels: presentTextureSlots(gltf.scene),
          animations,
          skinned,
          bytes: buffer,
        };
        if (signal.aborted) {
          disposeModel(loaded.scene);
          return;
        }
        model = loaded;
        setState({ status: 'ready', model: loaded });
      } catch (error) {
        if (!signal.aborted) setState({ status: 'error', failure: toFailure(error) });
      }
    })();

    return () => {
      controller.abort();
      if (model) disposeModel(model.scene);
      model = null;
    };
  }, [key, src, clipKey]);

  // A new src shows "loading" at once, never a frame of the old (disposed) model.
  return keyed.key === key ? keyed.state : initial;
}
