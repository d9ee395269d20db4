import { eq } from 'drizzle-orm';
import {
  Codes,
  documentTransition,
  ProtocolError,
  type DocumentEvent,
  type DocumentSignature,
  type PatientDocument,
  type signRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import { checkSignatureImage } from '../../lib/pdf/signature-image.ts';
import type { AppContext, OnBehalf, RequestMeta } from '../../context.ts';
import { documentVersions, users } from '../../db/schema/index.ts';
import { clinicIdentity, signingCredentials } from '../settings/index.ts';
import { recordAudit } from '../audit/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { noticeToClinic } from '../messages/index.ts';
import { buildSignedPdfInWorker, type SignedPdf } from './build-signed-pdf.ts';
import { CONSENT_TEXT } from './consent-text.ts';
import { mailSignedForPatient, mailStaffOfDecline } from './document-mail.ts';
import { prefillFields } from './prefill-fields.ts';
import { loadDocumentFile, storeDocumentFile } from '../../db/document-files.ts';
import { moveDocument } from './move-document.ts';
import { findAssignment, listEvents, type AssignmentRow } from './document-queries.ts';
import { eventView, patientDocumentView, reasonContext } from './views.ts';

type SignInput = z.output<typeof signRequest>;
type StoredDocumentFile = Awaited<ReturnType<typeof loadDocumentFile>>;

/** protocol.md §7 `POST /patient/sign/`: sign, submit a draft, or decline; answers the document after the move. */
export async function actOnDocument(
  ctx: AppContext,
  userId: string,
  input: SignInput,
  meta: RequestMeta,
): Promise<PatientDocument> {
  const language = input.action === 'reject' ? undefined : input.language;
  const row = await findAssignment(ctx.db, input.id, userId, language);
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  // Refuse a move the table does not allow before any PDF work.
  if (!documentTransition(row.status, input.action, 'patient')) throw new ProtocolError(Codes.conflict);
  if (input.action === 'reject') await reject(ctx, userId, row, input.reason, meta);
  else await sign(ctx, userId, row, input, meta);
  return patientDocumentView(ctx, (await findAssignment(ctx.db, row.id, userId))!);
}

async function reject(
  ctx: AppContext,
  userId: string,
  row: AssignmentRow,
  reason: string,
  meta: RequestMeta,
) {
  await ctx.db.transaction(async (tx) => {
    await moveDocument(ctx, tx, {
      assignment: row,
      action: 'reject',
      actor: 'patient',
      actorId: userId,
      meta,
      set: { rejectionReason: ctx.cipher.encrypt(Buffer.from(reason, 'utf8'), reasonContext(row.id)) },
    });
    await noticeToClinic(ctx, tx, userId, {
      kind: 'document_declined',
      assignment_id: row.id,
      title: row.titleGb,
      reason,
    });
    await recordAudit(tx, meta, {
      action: 'document.reject',
      outcome: 'success',
      actorId: userId,
      target: `document_assignments:${row.id}`,
    });
    await emitWebhookEvent(tx, ctx, 'document.declined', {
      patient_id: row.patientId,
      assignment_id: row.id,
    });
  });
  await mailStaffOfDecline(ctx);
}

type SignMove = Extract<SignInput, { action: 'sign' | 'submit' }>;
type Person = Awaited<ReturnType<typeof personOf>>;

/** Who signs: the patient, or a caregiver acting for them. */
interface Signer {
  patient: Person;
  /** The person whose name the signature carries. */
  signedBy: Person;
  /** The caregiver's grant where a caregiver signs. */
  onBehalf?: OnBehalf;
}

/**
 * The signed PDF is built before the transaction (CPU-heavy, no locks held); the transaction
 * then stores it and makes the move only if nobody moved the document meanwhile.
 */
async function sign(ctx: AppContext, userId: string, row: AssignmentRow, input: SignMove, meta: RequestMeta) {
  const signature = await checkSignatureImage(input.signature);
  const signer = await signerOf(ctx, userId, meta.onBehalf);
  const signedAt = ctx.now();
  const [original, history] = await Promise.all([
    loadDocumentFile(ctx, ctx.db, row.originalFileId),
    listEvents(ctx.db, row.id),
  ]);
  const events = [...history.map(eventView), signingEvent(row, input, userId, signer, signedAt, meta)];
  const signed = await buildSignedDocument(ctx, userId, row, input, {
    signature,
    signer,
    signedAt,
    events,
    original,
    meta,
  });
  await storeSignedDocument(ctx, userId, row, input, { signed, original, signedAt, signer, meta });
}

/** A caregiver signs in their own name, as the patient's authorised representative (decision 0023). */
async function signerOf(ctx: AppContext, userId: string, onBehalf: OnBehalf | undefined): Promise<Signer> {
  const [patient, caregiver] = await Promise.all([
    personOf(ctx, userId),
    onBehalf ? personOf(ctx, onBehalf.caregiverId) : undefined,
  ]);
  return { patient, signedBy: caregiver ?? patient, ...(onBehalf && { onBehalf }) };
}

/** The signature's own line in the certificate's history, written before the move is stored. */
function signingEvent(
  row: AssignmentRow,
  input: SignMove,
  userId: string,
  signer: Signer,
  signedAt: Date,
  meta: RequestMeta,
): DocumentEvent {
  return {
    at: signedAt.toISOString(),
    action: input.action,
    actor: 'patient',
    actor_id: signer.onBehalf?.caregiverId ?? userId,
    from_status: row.status,
    to_status: documentTransition(row.status, input.action, 'patient')!.to,
    ip: meta.ip,
    user_agent: meta.userAgent,
    edition: row.language,
    on_behalf_by: signer.onBehalf ? signer.signedBy.name : null,
    grant_id: signer.onBehalf?.grantId ?? null,
  };
}

interface SignedDocumentParts {
  signature: DocumentSignature;
  signer: Signer;
  signedAt: Date;
  events: DocumentEvent[];
  original: StoredDocumentFile;
  meta: RequestMeta;
}

/** Stamps the fields and the signature, appends the certificate page and signs the PDF, in the worker pool. */
async function buildSignedDocument(
  ctx: AppContext,
  userId: string,
  row: AssignmentRow,
  input: SignMove,
  { signature, signer, signedAt, events, original, meta }: SignedDocumentParts,
): Promise<SignedPdf> {
  const [credentials, clinic, fields] = await Promise.all([
    signingCredentials(ctx),
    clinicIdentity(ctx),
    prefillFields(ctx, ctx.db, userId, row.fields),
  ]);
  const { signedBy, patient, onBehalf } = signer;
  const consent =
    signedBy.locale === 'cn' ? `${CONSENT_TEXT.gb} (Shown to the signer in Chinese.)` : CONSENT_TEXT.gb;
  try {
    return await buildSignedPdfInWorker(ctx.workers, {
      stamp: { original: original.bytes, fields, signature, signerName: signedBy.name, signedAt },
      certificate: {
        clinic: clinic.name,
        clinicLogo: clinic.logo,
        title: row.titleGb,
        templateVersion: row.templateVersion,
        edition: row.language,
        signerName: signedBy.name,
        signerEmail: signedBy.email,
        ...(onBehalf && { representativeOf: { patientName: patient.name, grantId: onBehalf.grantId } }),
        ip: meta.ip,
        userAgent: meta.userAgent,
        consentText: consent,
        events,
        originalSha256: original.sha256,
      },
      credentials,
    });
  } catch (error) {
    // pdf-lib refuses a PNG it cannot decode: the patient's image, not our fault.
    if (input.signature.kind === 'drawn' && /png|image/i.test(String(error))) {
      throw new ProtocolError(Codes.validation, undefined, [
        { path: 'signature.png_base64', message: 'The signature image could not be read' },
      ]);
    }
    throw error;
  }
}

interface SignedDocument {
  signed: SignedPdf;
  original: StoredDocumentFile;
  signedAt: Date;
  signer: Signer;
  meta: RequestMeta;
}

/** Stores the signed file and its hashes, makes the move and audits it, in one transaction. */
async function storeSignedDocument(
  ctx: AppContext,
  userId: string,
  row: AssignmentRow,
  input: SignMove,
  { signed, original, signedAt, signer, meta }: SignedDocument,
) {
  await ctx.db.transaction(async (tx) => {
    const file = await storeDocumentFile(ctx, tx, signed.bytes, 'application/pdf');
    await moveDocument(ctx, tx, {
      assignment: row,
      action: input.action,
      actor: 'patient',
      actorId: userId,
      meta,
      set: { signedFileId: file.id, edition: row.language },
      at: signedAt,
    });
    await tx.insert(documentVersions).values({
      assignmentId: row.id,
      fileId: file.id,
      originalSha256: original.sha256,
      stampedSha256: signed.stampedSha256,
      signedSha256: file.sha256,
      createdAt: signedAt,
    });
    await recordAudit(tx, meta, {
      action: `document.${input.action}`,
      outcome: 'success',
      actorId: userId,
      target: `document_assignments:${row.id}`,
      detail: { signature: input.signature.kind, size: file.size },
    });
    // A submitted form carries the patient's signature as a signed one does.
    await emitWebhookEvent(tx, ctx, 'document.signed', { patient_id: row.patientId, assignment_id: row.id });
    // The patient hears that someone signed for them; what and who wait behind sign-in.
    if (signer.onBehalf) await mailSignedForPatient(ctx, tx, signer.patient, signer.onBehalf.grantId);
  });
}

async function personOf(ctx: AppContext, id: string) {
  const [user] = await ctx.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, id));
  return { name: `${user!.firstName} ${user!.lastName}`, email: user!.email, locale: user!.locale };
}
