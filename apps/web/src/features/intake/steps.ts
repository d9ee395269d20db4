import type { IntakeResourceName } from '@portal/protocol';

export type StepId = IntakeResourceName | 'insurance' | 'review';

/** The steps that are one of the five single resources (the others have screens of their own). */
export const isResourceStep = (id: StepId): id is IntakeResourceName => id !== 'insurance' && id !== 'review';

/** The stepper's order; `slug` is the `?step=` value, so a reload or a shared link keeps the step. */
export const STEPS: readonly { id: StepId; slug: string }[] = [
  { id: 'profile', slug: 'profile' },
  { id: 'contact', slug: 'contact' },
  { id: 'emergency_content', slug: 'emergency-contacts' },
  { id: 'treating_practitioner', slug: 'treating-practitioner' },
  { id: 'insurance', slug: 'insurance' },
  { id: 'medical_history', slug: 'medical-history' },
  { id: 'review', slug: 'review' },
];

export function stepIndexOf(slug: string | null): number {
  return Math.max(
    0,
    STEPS.findIndex((step) => step.slug === slug),
  );
}

export const stepHref = (id: StepId) => `?step=${STEPS.find((step) => step.id === id)?.slug ?? ''}`;
