import { StorageKeys } from './storage-keys.ts';

/**
 * Decision 0010: the time (this browser's clock, ms) of the last API request the server counts
 * as use, from any tab. Shared through localStorage and its storage event, so activity in one
 * tab keeps another from warning that the session is about to end.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** The later of two uses; a stored value that is not a time is ignored. */
export function laterUse(current: number | null, stored: string | null): number | null {
  const incoming = stored === null ? Number.NaN : Number(stored);
  if (!Number.isFinite(incoming) || incoming <= 0) return current;
  return current === null ? incoming : Math.max(current, incoming);
}

function readStored(): string | null {
  try {
    return localStorage.getItem(StorageKeys.lastUse);
  } catch {
    return null;
  }
}

let lastUse: number | null = laterUse(null, readStored());

function publish(next: number | null): void {
  if (next === lastUse) return;
  lastUse = next;
  for (const listener of listeners) listener();
}

/** A request the server counts as use was sent at `at`; other tabs hear of it too. */
export function recordUse(at: number = Date.now()): void {
  const next = laterUse(lastUse, String(at));
  if (next === lastUse) return;
  try {
    localStorage.setItem(StorageKeys.lastUse, String(next));
  } catch {
    // Storage refused (private mode, quota): this tab still knows.
  }
  publish(next);
}

export function getLastUse(): number | null {
  return lastUse;
}

export function subscribeLastUse(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Fired in every other tab of this origin when one tab writes the key.
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKeys.lastUse) publish(laterUse(lastUse, event.newValue));
  });
}
