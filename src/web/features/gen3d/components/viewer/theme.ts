import { useSyncExternalStore } from 'react';

/** Theme colours the scene needs, read from the CSS variables of the current theme. */
export type SceneColors = { background: string; grid: string; gridCenter: string };

const fallback: SceneColors = { background: '#eef0f4', grid: '#d9dde5', gridCenter: '#5b6474' };

function read(): SceneColors {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, otherwise: string) => style.getPropertyValue(name).trim() || otherwise;
  return {
    background: v('--color-surface-2', fallback.background),
    grid: v('--color-border', fallback.grid),
    gridCenter: v('--color-muted', fallback.gridCenter),
  };
}

let cached: SceneColors | null = null;
let cachedKey = '';

function snapshot(): SceneColors {
  // Same object while the theme is unchanged, so React does not re-render needlessly.
  const next = read();
  const key = `${next.background}|${next.grid}|${next.gridCenter}`;
  if (!cached || key !== cachedKey) {
    cached = next;
    cachedKey = key;
  }
  return cached;
}

/** Re-reads the colours when the `dark` class (or a style) on <html> changes. */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
  return () => observer.disconnect();
}

export function useSceneColors(): SceneColors {
  return useSyncExternalStore(subscribe, snapshot, () => fallback);
}
