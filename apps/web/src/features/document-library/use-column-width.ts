import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The width the element is given (CSS pixels), followed as the window changes; null until
 * measured, so pages are first drawn at the size they will keep, never wider than their column.
 */
export function useColumnWidth(column: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = column.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(Math.floor(entry.contentRect.width), 200));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [column]);
  return width;
}
