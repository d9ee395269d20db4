import type { InstrumentDefinition } from '@portal/protocol';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AssessmentSchedule {
  due: boolean;
  next_due_at: string | null;
}

/** A first assessment is due at once; later ones the definition's interval after the last. */
export function scheduleOf(
  definition: InstrumentDefinition,
  lastSubmittedAt: Date | undefined,
  now: Date,
): AssessmentSchedule {
  if (!lastSubmittedAt) return { due: true, next_due_at: null };
  const next = new Date(lastSubmittedAt.getTime() + definition.due_interval_days * DAY_MS);
  return { due: now.getTime() >= next.getTime(), next_due_at: next.toISOString() };
}
