import { useSyncExternalStore } from 'react';

/** Breakpoints of spec §9, as min-widths in px. */
export const BREAKPOINTS = { xs: 0, sm: 320, md: 640, lg: 1024, xl: 1440 } as const;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
