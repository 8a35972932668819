import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

const subscribe = (l: () => void) => {
  listeners.add(l);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const x of listeners) x();
  }, 1000);
  return () => {
    listeners.delete(l);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
};

/** The current time, ticking every second (one shared timer for all elapsed-time displays). */
export const useNow = () => useSyncExternalStore(subscribe, () => now);
