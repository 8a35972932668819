import { useEffect, useState } from 'react';

/**
 * True once a component has stayed mounted for `ms`, or at once when `already` (its content was
 * shown before). A virtualized row that is scrolled past quickly unmounts before then, so it
 * never asks for its pictures: a fast fling does not queue hundreds of image requests.
 */
export function useSettled(ms: number, already: boolean): boolean {
  const [settled, setSettled] = useState(already);
  useEffect(() => {
    if (settled) return;
    const t = setTimeout(() => setSettled(true), ms);
    return () => clearTimeout(t);
  }, [ms, settled]);
  return settled || already;
}
