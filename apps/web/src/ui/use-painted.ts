import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it. What a page renders only
 * when this is true (a card's live status, say) loads, evaluates and renders after the page's
 * own content is on screen, in tasks of its own, instead of delaying that first paint.
 */
export function usePainted(): boolean {
  // A hidden tab runs no frames: there is no paint to wait for.
  const [painted, setPainted] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    if (painted) return;
    // A frame callback runs right before the frame is painted; the task it queues, right after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
