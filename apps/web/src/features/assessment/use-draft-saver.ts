import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answers } from '@portal/protocol';

/** Quick changes of mind are saved together. */
const SAVE_DELAY_MS = 600;

export type DraftStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed' };

/**
 * Saves the patient's answers as a server draft as they go: shortly after each answer, and at
 * once when asked (a step is left, the page closes). Saves run one after another, so an older
 * draft never lands after a newer one or after the submission.
 */
export function useDraftSaver(saveDraft: (answers: Answers) => Promise<unknown>, initial: Answers) {
  const persisted = useRef(JSON.stringify(initial));
  const pending = useRef<Answers | undefined>(undefined);
  const save = useRef(saveDraft);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });

  useEffect(() => {
    save.current = saveDraft;
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const answers = pending.current;
    pending.current = undefined;
    if (!answers || JSON.stringify(answers) === persisted.current) return;
    persisted.current = JSON.stringify(answers);
    setStatus({ state: 'saving' });
    queue.current = queue.current
      .then(() => save.current(answers))
      .then(
        () => setStatus({ state: 'saved', at: new Date() }),
        () => {
          // Not saved: the next answer (or leaving the step) tries again.
          persisted.current = '';
          setStatus({ state: 'failed' });
        },
      );
  }, []);

  const schedule = useCallback(
    (answers: Answers) => {
      pending.current = answers;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving the page saves what is pending.
  useEffect(() => flush, [flush]);

  return {
    status,
    schedule,
    flush,
    /** Before submitting: no draft pending or in flight, so none can land after the submission. */
    settle: useCallback(async () => {
      clearTimeout(timer.current);
      pending.current = undefined;
      await queue.current;
    }, []),
  };
}
