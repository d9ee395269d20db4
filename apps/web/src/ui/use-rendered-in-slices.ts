import { useDeferredValue } from 'react';

/**
 * `value`, rendered as a transition when it changes. For a page part whose data comes from
 * react-query: its store updates synchronously, so the part's first render (often the page's
 * longest) would run in one task that holds up input on a slow phone. A transition is rendered
 * in slices, and the browser answers in between.
 */
export function useRenderedInSlices<T>(value: T): T {
  return useDeferredValue(value);
}
