import { and, eq, sql } from 'drizzle-orm';
import { INTAKE_RESOURCE_NAMES, STAFF_PRESETS, type StaffPreset } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog } from '../src/db/schema/index.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE, TINY_PNG } from './intake-samples.ts';
import type { TestPortal } from './test-portal.ts';
import { signedUpPatient } from './admin.ts';
import { makePdf } from './documents.ts';
import { sealedPost } from './answers.ts';

/**
 * A staff account of a preset, made as a clinic would: an account, then the access dialog's
 * call (roles and auths) by a clinic administrator; signed in afresh, as the change ends sessions.
 */
export async function staffOf(t: TestPortal, admin: PortalClient, preset: StaffPreset, email: string) {
  const account = await signedUpPatient(t, email);
  const answer = await sealedPost(admin, '/admin/users/access/', {
    id: account.id,
    roles: ['admin'],
    auths: ['admin', ...STAFF_PRESETS[preset]],
  });
  if (answer.status !== 200) throw new Error(`access change failed: ${JSON.stringify(answer.body)}`);
  return { id: account.id, client: await t.signedIn(email, account.password) };
}

/** A card image of the patient's coverage of `insuranceType`, uploaded as the intake form does. */
export const uploadCard = (
  c: PortalClient,
  bytes: Buffer,
  side: 'front' | 'back',
  insuranceType = 'medicare',
) =>
  c.post(
    '/patient/insurance/card/',
    { insurance_type: insuranceType, side, content_base64: bytes.toString('base64') },
    { encrypt: true },
  );

/** The card image as the patient's own card route gives it (uploads are stored re-encoded). */
export async function ownCard(patient: PortalClient, side: 'front' | 'back', insuranceType = 'medicare') {
  const card = await patient.get<{ content_base64: string }>('/patient/insurance/card/', {
    insurance_type: insuranceType,
    side,
  });
  return Buffer.from(card.content_base64, 'base64');
}

/** Every section saved whole, one coverage with a PNG front and a PDF back. */
export async function fillIntake(patient: PortalClient): Promise<void> {
  for (const name of INTAKE_RESOURCE_NAMES) {
    const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
    await patient.post(`/patient/${name}/`, { version, value: SAMPLE_INTAKE[name] }, { encrypt: true });
  }
  await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
  await uploadCard(patient, TINY_PNG, 'front');
  await uploadCard(patient, Buffer.from(await makePdf(1, 'Card back')), 'back');
}

export const handIn = (patient: PortalClient) =>
  patient.post('/patient/intake/submit/', { no_insurance: false }, { encrypt: true });

/** The audit rows of `action` by `actorId` about `subjectId`. */
export async function auditRowsOf(t: TestPortal, action: string, actorId: string, subjectId: string) {
  return t.portal.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId), eq(auditLog.subjectId, subjectId)))
    .orderBy(sql`${auditLog.id}`);
}
