import { Codes, ProtocolError, type ClinicAssignment } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findAssignment,
  latestVersion,
  listAssignments,
  listEvents,
  type AssignmentRow,
} from './document-queries.ts';
import { clinicAssignmentView, eventView } from './views.ts';
import { mapInTurn } from '../../db/in-turn.ts';

/** The clinic view of one assignment: its history and the signed file hash. */
export async function clinicAssignmentOf(
  ctx: AppContext,
  db: Queryable,
  row: AssignmentRow,
): Promise<ClinicAssignment> {
  const events = await listEvents(db, row.id);
  const version = await latestVersion(db, row.id);
  return clinicAssignmentView(ctx, row, events.map(eventView), version?.signedSha256 ?? null);
}

export async function listPatientAssignments(
  ctx: AppContext,
  adminId: string,
  patientId: string,
  meta: RequestMeta,
): Promise<ClinicAssignment[]> {
  return ctx.db.transaction(async (tx) => {
    const rows = await listAssignments(tx, patientId);
    await recordAudit(tx, meta, {
      action: 'document.list',
      outcome: 'success',
      actorId: adminId,
      subjectId: patientId,
      detail: { count: rows.length },
    });
    return mapInTurn(rows, (row) => clinicAssignmentOf(ctx, tx, row));
  });
}

export async function readAssignment(
  ctx: AppContext,
  adminId: string,
  id: string,
  meta: RequestMeta,
): Promise<ClinicAssignment> {
  return ctx.db.transaction(async (tx) => {
    const row = await findAssignment(tx, id);
    if (!row) throw new ProtocolError(Codes.itemsNotFound);
    await recordAudit(tx, meta, {
      action: 'document.read',
      outcome: 'success',
      actorId: adminId,
      subjectId: row.patientId,
      target: `document_assignments:${id}`,
    });
    return clinicAssignmentOf(ctx, tx, row);
  });
}
