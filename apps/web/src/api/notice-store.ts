export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/** A transient message for the toast region; `key` names its text in the `notices` i18n namespace. */
export interface Notice {
  id: number;
  key: string;
  tone: NoticeTone;
  durationMs: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let notices: readonly Notice[] = [];
let nextId = 1;

function publish(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function getNotices(): readonly Notice[] {
  return notices;
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissNotice(id: number): void {
  publish(notices.filter((n) => n.id !== id));
}

/** Shows a notice for its duration. The same text already on screen is replaced, not stacked. */
export function showNotice(notice: Omit<Notice, 'id'>): number {
  const id = nextId++;
  publish([...notices.filter((n) => n.key !== notice.key), { ...notice, id }]);
  setTimeout(() => dismissNotice(id), notice.durationMs);
  return id;
}
