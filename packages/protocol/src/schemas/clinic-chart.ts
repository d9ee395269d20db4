import { z } from 'zod';
import { Locale } from './auth.ts';
import { DocumentStatus } from './document-status.ts';
import { IntakeSection } from './intake-status.ts';
import {
  contactSchema,
  coverageSchema,
  emergencyContentSchema,
  medicalHistorySchema,
  profileSchema,
  treatingPractitionerSchema,
} from './intake.ts';

/** A card image as handed in: named by its content's sha256, the bytes are fetched on their own. */
export const snapshotCard = z
  .object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), mime: z.string(), size: z.number().int() })
  .nullable();

export const snapshotCoverage = z.object({
  value: coverageSchema,
  cards: z.object({ front: snapshotCard, back: snapshotCard }),
});

/** The five single sections as handed in; null only for a section a hand-in did not have. */
export const snapshotSections = z.object({
  profile: profileSchema.nullable(),
  contact: contactSchema.nullable(),
  emergency_content: emergencyContentSchema.nullable(),
  treating_practitioner: treatingPractitionerSchema.nullable(),
  medical_history: medicalHistorySchema.nullable(),
});

/** Everything one hand-in of the intake carried (the chart reads this, never drafts). */
export const intakeSnapshot = z.object({
  sections: snapshotSections,
  no_insurance: z.boolean(),
  coverages: z.array(snapshotCoverage),
});

export type SnapshotCard = z.infer<typeof snapshotCard>;
export type SnapshotCoverage = z.infer<typeof snapshotCoverage>;
export type IntakeSnapshot = z.infer<typeof intakeSnapshot>;

/** The sections of a patient's chart; each is read (and audited) on its own. */
export const CHART_SECTIONS = [...IntakeSection.options, 'bf_adl', 'documents'] as const;
export const ChartSection = z.enum(CHART_SECTIONS);
export type ChartSection = z.infer<typeof ChartSection>;
export const chartParams = z.object({ id: z.uuid(), section: ChartSection });
export const chartPatientParams = z.object({ id: z.uuid() });
export const chartCardQuery = z.object({ sha256: snapshotCard.unwrap().shape.sha256 });

/** Which hand-in a section comes from; null until the patient hands the intake in. */
export const chartHandIn = z.object({ id: z.uuid(), submitted_at: z.string() }).nullable();

export const chartInsurance = z.object({ no_insurance: z.boolean(), coverages: z.array(snapshotCoverage) });

/** Each intake section's value as handed in, by section. */
export const CHART_INTAKE_VALUES = {
  ...snapshotSections.shape,
  insurance: chartInsurance.nullable(),
} as const satisfies Record<z.infer<typeof IntakeSection>, z.ZodType>;

/** GET /admin/patients/:id/chart/<intake section>/ (sealed). */
export function chartIntakeAnswer<S extends z.infer<typeof IntakeSection>>(section: S) {
  return z.object({ submission: chartHandIn, value: CHART_INTAKE_VALUES[section] });
}

export const AssessmentFlagReason = z.enum(['worse_band', 'score_drop']);
export const chartAssessmentEntry = z.object({
  id: z.uuid(),
  submitted_at: z.string(),
  instrument: z.string(),
  /** The instrument version answered: its items and labels name the answers. */
  version: z.number().int(),
  score: z.number().int(),
  band: z.string(),
  answers: z.record(z.string(), z.string()),
  /** Score minus the previous submission's; null for the first. */
  change: z.number().int().nullable(),
  /** Empty unless the score fell into a worse band or by 10 points or more. */
  flag: z.array(AssessmentFlagReason),
});
/** GET /admin/patients/:id/chart/bf_adl/ (sealed): every submission, oldest first, and when the next is due. */
export const chartAssessments = z.object({
  instrument: z.string(),
  submissions: z.array(chartAssessmentEntry),
  /** No submission yet, or the due interval has passed since the last one. */
  due: z.boolean(),
  /** When the next assessment falls due; null before the first. */
  next_due_at: z.string().nullable(),
});

/** Who moved a document: the patient, a staff member (named) or the system. */
export const chartPerson = z.object({ first_name: z.string(), last_name: z.string(), email: z.string() });
export const chartDocumentEvent = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.enum(['patient', 'clinic', 'system']),
  person: chartPerson.nullable(),
  from_status: DocumentStatus.nullable(),
  to_status: DocumentStatus.nullable(),
  /** Set when `person` is a caregiver who acted for the patient under this grant (decision 0023). */
  grant_id: z.uuid().nullable(),
});
/** The signed PDF's hashes, as its audit certificate page states them. */
export const chartSignedCopy = z.object({
  signed_at: z.string(),
  original_sha256: z.string(),
  stamped_sha256: z.string(),
  signed_sha256: z.string(),
});
export const chartDocument = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The template version sent, and the edition signed or submitted (null before). */
  template_version: z.number().int(),
  edition: Locale.nullable(),
  status: DocumentStatus,
  due_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  rejection_reason: z.string().nullable(),
  signed: chartSignedCopy.nullable(),
  events: z.array(chartDocumentEvent),
});
/** A published reference document and whether this patient opened it. */
export const chartReferenceRead = z.object({
  template_id: z.uuid(),
  title: z.string(),
  read_at: z.string().nullable(),
});
/** GET /admin/patients/:id/chart/documents/ (sealed). */
export const chartDocuments = z.object({
  items: z.array(chartDocument),
  reference: z.array(chartReferenceRead),
});

export type ChartInsurance = z.infer<typeof chartInsurance>;
export type ChartAssessmentEntry = z.infer<typeof chartAssessmentEntry>;
export type ChartAssessments = z.infer<typeof chartAssessments>;
export type ChartPerson = z.infer<typeof chartPerson>;
export type ChartDocumentEvent = z.infer<typeof chartDocumentEvent>;
export type ChartDocument = z.infer<typeof chartDocument>;
export type ChartDocuments = z.infer<typeof chartDocuments>;
export type ChartReferenceRead = z.infer<typeof chartReferenceRead>;
