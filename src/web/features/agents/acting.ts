import { useSyncExternalStore } from 'react';

/**
 * Which agent this browser acts as. Only the agent id is remembered (localStorage, per browser);
 * the key stays in the console server, which adds it to requests that carry `x-act-as`.
 */
const KEY = 'triptych-agentnet-acting-as';
const listeners = new Set<() => void>();

/** Used when storage is disabled: acting then lasts until the page reloads. */
let memory: string | null = null;

const read = (): string | null => {
  let v: string | null = memory;
  try {
    v = localStorage.getItem(KEY);
  } catch {
    // storage disabled
  }
  return v && /^[A-Za-z0-9_.:-]{1,80}$/.test(v) ? v : null;
};

const notify = () => {
  for (const l of listeners) l();
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  // Another tab chose someone else: follow it.
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
};
function onStorage(e: StorageEvent) {
  if (e.key === KEY || e.key === null) notify();
}

/** The remembered agent id (it may name an identity the console no longer holds). */
export const storedActingId = read;

export function setActingId(agentId: string | null) {
  memory = agentId;
  try {
    if (agentId) localStorage.setItem(KEY, agentId);
    else localStorage.removeItem(KEY);
  } catch {
    // storage disabled: `memory` holds it
  }
  notify();
}

export const useStoredActingId = () => useSyncExternalStore(subscribe, read, () => null);
