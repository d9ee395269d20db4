import { and, eq, inArray } from 'drizzle-orm';
import {
  Codes,
  DOCUMENT_CONFLICTS,
  ProtocolError,
  type assignDocumentRequest,
  type ClinicAssignment,
  type DocumentStatus,
  type FieldError,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { documentAssignments, documentTemplates, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { mailPatients } from './document-mail.ts';
import { moveDocument, recordDocumentEvent } from './move-document.ts';
import { findAssignment, findPublished, findTemplate, isRetired, listEvents } from './document-queries.ts';
import { clinicAssignmentView, eventView } from './views.ts';

/** A patient has a template "open" while it waits for them or for the clinic: a second copy would confuse. */
export const OPEN_DOCUMENT_STATUSES: readonly DocumentStatus[] = ['draft', 'pending_signature', 'submitted'];

export interface NewAssignments {
  templateId: string;
  /** In the order the request named them; the refusal points at each one by its index. */
  patientIds: readonly string[];
  dueAt: Date | null;
  send: boolean;
  /** Null when the server sends it (the form a device order needs, for a resupply it created). */
  adminId: string | null;
  meta: RequestMeta | null;
  /** Set on a re-send: the declined or expired assignment the new one follows. */
  resentFromId?: string;
}

/**
 * Creates one assignment per patient inside `tx`. The template's row is locked first, so two
 * sends of the same template (parallel requests, a double click, two bulk sends) run one after
 * the other and the second sees the first's rows: no patient ends up with the template open twice.
 */
export async function createAssignments(
  ctx: AppContext,
  tx: Transaction,
  input: NewAssignments,
): Promise<string[]> {
  await lockTemplate(tx, input.templateId);
  const templateVersionId = await sendableVersion(tx, input.templateId);
  await refuseOpenDuplicates(tx, input.templateId, input.patientIds);
  const created: string[] = [];
  for (const patientId of new Set(input.patientIds)) {
    const now = ctx.now();
    const [row] = await tx
      .insert(documentAssignments)
      .values({
        templateId: input.templateId,
        templateVersionId,
        patientId,
        status: 'draft',
        dueAt: input.dueAt,
        resentFromId: input.resentFromId ?? null,
        createdBy: input.adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: documentAssignments.id });
    const id = row!.id;
    await recordDocumentEvent(ctx, tx, {
      assignmentId: id,
      actor: 'clinic',
      actorId: input.adminId,
      action: input.resentFromId ? 'resend' : 'assign',
      toStatus: 'draft',
      meta: input.meta,
    });
    if (input.send) {
      await moveDocument(ctx, tx, {
        assignment: { id, status: 'draft', version: 1 },
        action: 'send',
        actor: 'clinic',
        actorId: input.adminId,
        meta: input.meta,
      });
    }
    await recordAudit(tx, input.meta, {
      action: input.resentFromId ? 'document.resend' : 'document.assign',
      outcome: 'success',
      actorId: input.adminId,
      subjectId: patientId,
      target: `document_assignments:${id}`,
      detail: input.resentFromId ? { resent_from: input.resentFromId } : undefined,
    });
    created.push(id);
  }
  return created;
}

/**
 * Serialises every send, publish and retire of one template (a row lock, released when the
 * transaction ends): a send uses the version published when it runs.
 */
export async function lockTemplate(tx: Transaction, templateId: string): Promise<void> {
  await tx
    .select({ id: documentTemplates.id })
    .from(documentTemplates)
    .where(eq(documentTemplates.id, templateId))
    .for('update');
}

/** The published version's id; 10409 when the template is retired or was never published. */
async function sendableVersion(tx: Transaction, templateId: string): Promise<string> {
  const published = await findPublished(tx, templateId);
  if (published) return published.versionId;
  const retired = await isRetired(tx, templateId);
  const message = retired ? DOCUMENT_CONFLICTS.templateRetired : DOCUMENT_CONFLICTS.templateNotPublished;
  throw new ProtocolError(Codes.conflict, message, [{ path: 'template_id', message }]);
}

/** 10409 naming every patient (by request index) who already has the template open; nothing is written. */
async function refuseOpenDuplicates(tx: Transaction, templateId: string, patientIds: readonly string[]) {
  const open = await tx
    .select({ patientId: documentAssignments.patientId })
    .from(documentAssignments)
    .where(
      and(
        inArray(documentAssignments.patientId, [...new Set(patientIds)]),
        inArray(documentAssignments.status, [...OPEN_DOCUMENT_STATUSES]),
        eq(documentAssignments.templateId, templateId),
      ),
    );
  if (open.length === 0) return;
  const holders = new Set(open.map((row) => row.patientId));
  const errors: FieldError[] = [];
  patientIds.forEach((id, index) => {
    if (holders.has(id))
      errors.push({ path: `patient_ids.${index}`, message: DOCUMENT_CONFLICTS.alreadyOpen });
  });
  throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.alreadyOpen, errors);
}

export async function assignmentViews(ctx: AppContext, ids: readonly string[]): Promise<ClinicAssignment[]> {
  return Promise.all(
    ids.map(async (id) => {
      const row = (await findAssignment(ctx.db, id))!;
      return clinicAssignmentView(ctx, row, (await listEvents(ctx.db, id)).map(eventView), null);
    }),
  );
}

/**
 * Gives a signature template to each patient: a draft, sent for signature at once unless
 * `send` is false. Every patient is checked first, so one wrong id (or one patient who has
 * the template open already) assigns nothing.
 */
export async function assignDocuments(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof assignDocumentRequest>,
  meta: RequestMeta,
): Promise<ClinicAssignment[]> {
  const template = await findTemplate(ctx.db, input.template_id);
  if (!template) throw new ProtocolError(Codes.itemsNotFound);
  const errors: FieldError[] = [];
  if (template.kind !== 'signature') {
    errors.push({ path: 'template_id', message: 'Reference documents are read by everyone, not assigned' });
  }
  const dueAt = input.due_at ? new Date(input.due_at) : null;
  if (dueAt && dueAt <= ctx.now())
    errors.push({ path: 'due_at', message: 'The due date must be in the future' });
  const patientIds = [...new Set(input.patient_ids)];
  const accounts = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      roles: users.roles,
      isPatient: users.isPatient,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, patientIds));
  const accountById = new Map(accounts.filter((p) => p.roles.includes('user')).map((p) => [p.id, p]));
  const patientById = new Map([...accountById].filter(([, p]) => p.isPatient));
  const caregivers: string[] = [];
  input.patient_ids.forEach((id, index) => {
    const account = accountById.get(id);
    // Decision 0032: a caregiver-only account is named, so staff know whom to make a patient first.
    const message = !account
      ? 'No such patient'
      : account.isPatient
        ? undefined
        : `${account.firstName} ${account.lastName} is a caregiver, not a patient`;
    if (account && !account.isPatient) caregivers.push(message!);
    if (message) errors.push({ path: `patient_ids.${index}`, message });
  });
  if (errors.length > 0)
    throw new ProtocolError(Codes.validation, caregivers.join('; ') || undefined, errors);

  const ids = await ctx.db.transaction((tx) =>
    createAssignments(ctx, tx, {
      templateId: template.id,
      patientIds: input.patient_ids,
      dueAt,
      send: input.send,
      adminId,
      meta,
    }),
  );
  if (input.send) await mailPatients(ctx, 'document_assigned', [...patientById.values()]);
  return assignmentViews(ctx, ids);
}
