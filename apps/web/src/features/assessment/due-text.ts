import type { AssessmentState } from '@portal/protocol';

/** Which due message applies: none taken yet, one due now, or the date of the next. */
export function dueMessage(state: Pick<AssessmentState, 'latest' | 'due' | 'next_due_at'>) {
  if (!state.latest) return { key: 'due.first' } as const;
  if (state.due || !state.next_due_at) return { key: 'due.now' } as const;
  return { key: 'due.next', date: new Date(state.next_due_at) } as const;
}
