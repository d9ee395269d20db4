import { useSyncExternalStore } from 'react';

// The name that ends every document title: the clinic's, once the app has read its settings.
// A store rather than a query keeps ui/ free of the API layer (the app shell publishes it).
let siteName: string | null = null;
const listeners = new Set<() => void>();

export function setSiteName(name: string | null): void {
  if (name === siteName) return;
  siteName = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteName(): string | null {
  return useSyncExternalStore(subscribe, () => siteName);
}
