import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const KEY = 'triptych-theme';
const listeners = new Set<() => void>();

const stored = (): Theme | null => {
  const v = localStorage.getItem(KEY);
  return v === 'light' || v === 'dark' ? v : null;
};
const system = (): Theme => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
const current = (): Theme => stored() ?? system();

/** Applies the saved (or system) theme; called once before the first render. */
export function applyTheme(theme: Theme = current()) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function useTheme() {
  const theme = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    current,
  );
  const toggle = useCallback(() => {
    const next: Theme = current() === 'dark' ? 'light' : 'dark';
    localStorage.setItem(KEY, next);
    // Transitions are held off while the new colours are computed (styles.css): a button's
    // `transition-colors` would fade through colours of neither theme, a mix that reads worse than both.
    const root = document.documentElement;
    root.classList.add('theme-switching');
    applyTheme(next);
    void root.offsetHeight;
    root.classList.remove('theme-switching');
    for (const l of listeners) l();
  }, []);
  return { theme, toggle };
}
