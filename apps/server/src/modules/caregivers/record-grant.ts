import { eq } from 'drizzle-orm';
import {
  AUTHORITY_MAX_BYTES,
  Codes,
  GRANT_REFUSALS,
  ProtocolError,
  SCOPE_PERMISSIONS,
  type CaregiverScope,
  type ChartCaregivers,
  type recordGrantRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { readUpload } from '../../lib/files/uploaded-file.ts';
import type { WorkerPool } from '../../lib/worker-pool/worker-pool.ts';
import { recordAudit } from '../audit/index.ts';
import { storeDocumentFile } from '../../db/document-files.ts';
import { issueInvitation } from './grant-invitation.ts';
import { checkGrantTerms, findGrantPatient, refuseDuplicateGrant } from './grant-terms.ts';
import { chartCaregiversOf } from './read-chart-caregivers.ts';
import type { Actor } from '../../plugins/auth.ts';

// A flat character class: a repeated group would overflow V8's regex stack on a large string.
const isBase64 = (text: string) =>
  text.length > 0 && text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

/** The authority document: base64 (10400), at most 5 MB (10413), a PDF without active content (10415). */
async function checkAuthorityPdf(workers: WorkerPool, base64: string): Promise<Buffer> {
  if (!isBase64(base64)) {
    throw new ProtocolError(Codes.validation, undefined, [{ path: 'authority_pdf', message: 'Not base64' }]);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > AUTHORITY_MAX_BYTES)
    throw new ProtocolError(Codes.tooLarge, 'The file is larger than 5 MB');
  return (await readUpload(workers, bytes, ['application/pdf'])).bytes;
}

/**
 * Staff open to a caregiver only what they may see or decide themselves (SCOPE_PERMISSIONS):
 * otherwise a front desk could record a grant to an address it controls and read the chart
 * through it. A scope past the recorder's permissions answers 10403, as an access change past
 * one's own does (decision 0012), and the refusal is audited.
 */
async function assertScopesWithinOwnPermissions(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  scopes: readonly CaregiverScope[],
): Promise<void> {
  const beyond = scopes.filter((scope) => !actor.auths.includes(SCOPE_PERMISSIONS[scope]));
  if (beyond.length === 0) return;
  await recordAudit(ctx.db, actor.meta, {
    action: 'caregiver.record',
    outcome: 'denied',
    actorId: actor.userId,
    subjectId: patientId,
    detail: { scopes: beyond, reason: 'beyondOwnPermissions' },
  });
  throw new ProtocolError(Codes.forbidden, GRANT_REFUSALS.beyondOwnPermissions);
}

/** Tells the patient the clinic recorded a grant for them, by whom, and how to object; no PHI. */
async function mailPatientOfRecording(
  ctx: AppContext,
  tx: Queryable,
  patient: { email: string; locale: string },
  recorderId: string,
): Promise<void> {
  const [recorder] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, recorderId));
  const by = recorder ? `${recorder.firstName} ${recorder.lastName}`.trim() : '';
  await ctx.mailer.send(
    {
      to: patient.email,
      template: 'caregiver_recorded_for_you',
      locale: patient.locale === 'cn' ? 'cn' : 'gb',
      vars: { link: `${ctx.config.publicUrl}/account`, ...(by && { by }) },
    },
    tx,
  );
}

/**
 * `POST /admin/patients/:id/caregivers/`: staff record a grant with the document that gives the
 * authority (a legal guardian, say); the caregiver is invited by e-mail as by the patient and
 * accepts with their own account, and the patient is told. Everything is judged before anything
 * is written.
 */
export async function recordGrant(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  request: z.output<typeof recordGrantRequest>,
): Promise<ChartCaregivers> {
  const patient = await findGrantPatient(ctx.db, patientId);
  await assertScopesWithinOwnPermissions(ctx, actor, patientId, request.scopes);
  checkGrantTerms(ctx, patient, request);
  const pdf = await checkAuthorityPdf(ctx.workers, request.authority_pdf);
  return ctx.db.transaction(async (tx) => {
    await refuseDuplicateGrant(ctx, tx, patient.id, request.email);
    const file = await storeDocumentFile(ctx, tx, pdf, 'application/pdf');
    const grant = await issueInvitation(
      ctx,
      tx,
      patient,
      request,
      { userId: actor.userId, source: 'clinic' },
      { kind: request.authority_kind, fileId: file.id, fileName: request.authority_file_name },
    );
    await mailPatientOfRecording(ctx, tx, patient, actor.userId);
    await recordAudit(tx, actor.meta, {
      action: 'caregiver.record',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: patientId,
      target: `caregiver_grants:${grant.id}`,
      detail: {
        scopes: request.scopes,
        ends_on: request.ends_on,
        source: 'clinic',
        authority: request.authority_kind,
        size: file.size,
      },
    });
    return chartCaregiversOf(ctx, tx, patientId);
  });
}
