import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormRecord } from '../../../ui/intake-record/field-spec.ts';

/** Saved once typing has paused this long. */
const AUTOSAVE_DELAY_MS = 1_000;

export type AutosaveStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed' };

/**
 * Keeps the server's draft of a section in step with the form: a second after typing stops,
 * and at once when the step is left. Saves run one after another, so an older draft can
 * never land after a newer one or after the whole section was saved.
 */
export function useDraftAutosave(values: FormRecord, saveDraft: (values: FormRecord) => Promise<unknown>) {
  // What the server holds already (the loaded value or draft, or the last draft sent).
  const persisted = useRef(JSON.stringify(values));
  const latest = useRef(values);
  const save = useRef(saveDraft);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });

  useEffect(() => {
    latest.current = values;
    save.current = saveDraft;
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const form = latest.current;
    const snapshot = JSON.stringify(form);
    if (snapshot === persisted.current) return;
    persisted.current = snapshot;
    setStatus({ state: 'saving' });
    queue.current = queue.current
      .then(() => save.current(form))
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
    timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [values, flush]);

  // Leaving the step unmounts the form: what is pending is saved then.
  useEffect(() => flush, [flush]);

  return {
    status,
    /** Before a whole save: no draft pending, none in flight, none for what is on screen. */
    hold: useCallback(async () => {
      clearTimeout(timer.current);
      persisted.current = JSON.stringify(latest.current);
      await queue.current;
    }, []),
    /** The whole save failed: what is on screen still needs a draft when the step is left. */
    release: useCallback(() => {
      persisted.current = '';
    }, []),
  };
}
