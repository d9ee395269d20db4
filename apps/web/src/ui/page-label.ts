import { useEffect, useSyncExternalStore } from 'react';

// What the open page is called when its route's fixed word says less than the page knows: the
// breadcrumb of /users/:id names the person ("Users › Margaret Smith"), not "User".
let label: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  if (next === label) return;
  label = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the open page while it is mounted; null (still loading) leaves the route's own word. */
export function useNamePage(name: string | null): void {
  useEffect(() => {
    set(name);
    return () => set(null);
  }, [name]);
}

/** The open page's name, when it gave one. */
export function usePageName(): string | null {
  return useSyncExternalStore(subscribe, () => label);
}
