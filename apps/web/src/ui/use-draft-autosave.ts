import { useCallback, useEffect, useRef, useState } from 'react';

export type DraftStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed' };

/**
 * Keeps the server's draft in step with a form: once changes have paused for `delayMs`, and at
 * once when asked (a step is left) or when the form unmounts. Saves run one after another, so an
 * older draft never lands after a newer one or after the whole form was saved.
 */
export function useDraftAutosave<Values>(
  values: Values,
  saveDraft: (values: Values) => Promise<unknown>,
  delayMs: number,
) {
  // What the server holds already (the loaded value or draft, or the last draft sent).
  const persisted = useRef(JSON.stringify(values));
  const latest = useRef(values);
  const save = useRef(saveDraft);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });

  useEffect(() => {
    latest.current = values;
    save.current = saveDraft;
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const draft = latest.current;
    const snapshot = JSON.stringify(draft);
    if (snapshot === persisted.current) return;
    persisted.current = snapshot;
    setStatus({ state: 'saving' });
    queue.current = queue.current
      .then(() => save.current(draft))
      .then(
        () => setStatus({ state: 'saved', at: new Date() }),
        () => {
          // Not saved: the next change (or leaving the step) tries again.
          persisted.current = '';
          setStatus({ state: 'failed' });
        },
      );
  }, []);

  useEffect(() => {
    if (JSON.stringify(values) === persisted.current) return;
    timer.current = setTimeout(flush, delayMs);
    return () => clearTimeout(timer.current);
  }, [values, flush, delayMs]);

  useEffect(() => flush, [flush]);

  return {
    status,
    flush,
    /** Before a whole save: no draft pending, none in flight, none for what is on screen. */
    hold: useCallback(async () => {
      clearTimeout(timer.current);
      persisted.current = JSON.stringify(latest.current);
      await queue.current;
    }, []),
    /** The whole save failed: what is on screen still needs a draft when the form is left. */
    release: useCallback(() => {
      persisted.current = '';
    }, []),
  };
}
