import { z } from 'zod';
import {
  contactSchema,
  coverageSchema,
  emergencyContentSchema,
  medicalHistorySchema,
  profileSchema,
  treatingPractitionerSchema,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { listCoverages } from './manage-coverages.ts';
import { loadPatientResource } from './resource-queries.ts';

/**
 * The intake as the patient saved it: what both exports (theirs and the clinic's) are made of.
 * Each section passed its schema when it was saved, except the profile sign-up starts (names and
 * birth date), so the profile may be partial.
 */
const patientRecord = z.object({
  profile: profileSchema.partial().optional(),
  contact: contactSchema.optional(),
  emergency: emergencyContentSchema.optional(),
  practitioner: treatingPractitionerSchema.optional(),
  history: medicalHistorySchema.optional(),
  coverages: z.array(coverageSchema),
});

/** When each section's row was last saved: the resources' `meta.lastUpdated` (decision 0036). */
export interface RecordUpdates {
  profile?: Date | undefined;
  contact?: Date | undefined;
  emergency?: Date | undefined;
  practitioner?: Date | undefined;
  history?: Date | undefined;
  /** In the order of `coverages`. */
  coverages: Date[];
}

export type PatientRecord = z.infer<typeof patientRecord> & { updated: RecordUpdates };

const SECTION_KINDS = {
  profile: 'profile',
  contact: 'contact',
  emergency: 'emergency_content',
  practitioner: 'treating_practitioner',
  history: 'medical_history',
} as const;

export async function loadPatientRecord(
  ctx: AppContext,
  userId: string,
  db: Queryable = ctx.db,
): Promise<PatientRecord> {
  const values: Record<string, unknown> = {};
  const updated: RecordUpdates = { coverages: [] };
  for (const [section, kind] of Object.entries(SECTION_KINDS) as [keyof typeof SECTION_KINDS, string][]) {
    const row = await loadPatientResource(ctx, db, userId, kind);
    values[section] = row?.value;
    updated[section] = row?.updatedAt;
  }
  const coverages = await listCoverages(ctx, db, userId);
  updated.coverages = coverages.map((c) => c.updatedAt);
  return { ...patientRecord.parse({ ...values, coverages: coverages.map((c) => c.value) }), updated };
}
