import { useCallback, useState } from 'react';

/** A callback ref and the element's content width in CSS pixels, kept current as it resizes (0 until measured). */
export function useWidth<E extends HTMLElement>(): [(el: E | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((el: E | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    setWidth(Math.floor(el.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
