import { useEffect, useState } from 'react';
import type { Box3, Object3D } from 'three';
import { fetchWithProgress, parseGlb } from './fetch-glb';
import { toFailure, type LoadFailure } from './load-error';
import { disposeModel } from './materials';
import { computeStats, modelBox, presentTextureSlots } from './stats';
import type { LoadProgress, ViewerStats } from './types';

export type LoadedModel = {
  scene: Object3D;
  box: Box3;
  stats: ViewerStats;
  textureChannels: string[];
};

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
export function useGlb(src: string, attempt: number): GlbState {
  const key = `${attempt}:${src}`;
  const [keyed, setKeyed] = useState<Keyed>({ key, state: initial });

  useEffect(() => {
    const setState = (state: GlbState) => setKeyed({ key, state });
    const controller = new AbortController();
    const { signal } = controller;
    let model: LoadedModel | null = null;
    let lastPercent = -1;
    let lastBytesAt = 0;

    const onProgress = (progress: LoadProgress) => {
      // Re-render on each whole percent, or every 100 ms when the size is unknown.
      if (progress.total !== null) {
        const percent = Math.floor((progress.loaded / progress.total) * 100);
        if (percent === lastPercent) return;
        lastPercent = percent;
      } else {
        const now = performance.now();
        if (now - lastBytesAt < 100 && progress.loaded > 0) return;
        lastBytesAt = now;
      }
      if (!signal.aborted) setState({ status: 'loading', progress });
    };

    (async () => {
      try {
        const buffer = await fetchWithProgress(src, signal, onProgress);
        if (signal.aborted) return;
        setState({ status: 'loading', progress: { loaded: buffer.byteLength, total: buffer.byteLength, parsing: true } });
        const gltf = await parseGlb(buffer, src);
        const box = modelBox(gltf.scene);
        const loaded: LoadedModel = {
          scene: gltf.scene,
          box,
          stats: computeStats(gltf.scene, buffer.byteLength, box),
          textureChannels: presentTextureSlots(gltf.scene),
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
  }, [key, src]);

  // A new src shows "loading" at once, never a frame of the old (disposed) model.
  return keyed.key === key ? keyed.state : initial;
}
