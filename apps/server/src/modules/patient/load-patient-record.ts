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

export type PatientRecord = z.infer<typeof patientRecord>;

export async function loadPatientRecord(ctx: AppContext, userId: string): Promise<PatientRecord> {
  const load = async (kind: string) => (await loadPatientResource(ctx, ctx.db, userId, kind))?.value;
  return patientRecord.parse({
    profile: await load('profile'),
    contact: await load('contact'),
    emergency: await load('emergency_content'),
    practitioner: await load('treating_practitioner'),
    history: await load('medical_history'),
    coverages: (await listCoverages(ctx, ctx.db, userId)).map((c) => c.value),
  });
}
