import { PROGRESS_MINIMUM, PROGRESS_SPEED_MS } from './constants.ts';

/** Top progress bar state: `null` when idle, else a fraction between the minimum and 1. */
type Listener = () => void;
const listeners = new Set<Listener>();
let value: number | null = null;
let active = 0;
let trickle: ReturnType<typeof setInterval> | undefined;
let hide: ReturnType<typeof setTimeout> | undefined;

function publish(next: number | null): void {
  value = next;
  for (const listener of listeners) listener();
}

export function getProgress(): number | null {
  return value;
}

export function subscribeProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** spec §9: starts at the minimum 0.3 and creeps towards 1 every `speed` ms. */
export function startProgress(): void {
  active++;
  if (active > 1) return;
  clearTimeout(hide);
  publish(PROGRESS_MINIMUM);
  trickle = setInterval(() => {
    const current = value ?? PROGRESS_MINIMUM;
    publish(Math.min(0.95, current + (1 - current) * 0.2));
  }, PROGRESS_SPEED_MS);
}

export function doneProgress(): void {
  active = Math.max(0, active - 1);
  if (active > 0) return;
  clearInterval(trickle);
  publish(1);
  hide = setTimeout(() => publish(null), PROGRESS_SPEED_MS);
}
