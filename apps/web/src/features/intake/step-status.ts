import { INTAKE_RESOURCE_NAMES } from '@portal/protocol';
import { isComplete, SECTIONS } from './sections/sections.ts';
import { STEPS, type StepId } from './steps.ts';
import type { useIntake } from './use-intake-queries.ts';

export type StepStatus = 'done' | 'inProgress' | 'notStarted';
export type IntakeData = ReturnType<typeof useIntake>;

/**
 * Where each step stands, judged here with the schemas rather than taken from the status
 * endpoint: a saved value that the schema refuses (the partial profile made at signup) is
 * in progress, not done.
 */
export function stepStatuses(intake: IntakeData, noInsurance: boolean): Record<StepId, StepStatus> {
  const statuses = {} as Record<StepId, StepStatus>;
  for (const name of INTAKE_RESOURCE_NAMES) {
    const state = intake.resources[name];
    statuses[name] = isComplete(SECTIONS[name], state?.value)
      ? 'done'
      : state?.draft || state?.value
        ? 'inProgress'
        : 'notStarted';
  }
  statuses.insurance = (intake.coverages?.length ?? 0) > 0 || noInsurance ? 'done' : 'notStarted';
  statuses.review = intake.status?.submitted_at ? 'done' : 'notStarted';
  return statuses;
}

/** The sections that stop the intake from being submitted, in step order. */
export function incompleteSteps(statuses: Record<StepId, StepStatus>): StepId[] {
  return STEPS.map((step) => step.id).filter((id) => id !== 'review' && statuses[id] !== 'done');
}
