import { eq, inArray } from 'drizzle-orm';
import type { ChartDocument, ChartPerson, ChartReferenceRead, DocumentStatus } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { documentReads, documentTemplates, users } from '../../db/schema/index.ts';
import {
  latestVersion,
  listAssignments,
  listEvents,
  selectPublished,
  type PublishedRow,
} from './document-queries.ts';
import { rejectionReasonOf } from './views.ts';
import { mapInTurn } from '../../db/in-turn.ts';

/**
 * Every document sent to a patient with its whole history for the staff chart: each move with
 * who made it (named), the decline reason, and the hashes the signed copy's certificate states.
 */
export async function documentHistory(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
): Promise<ChartDocument[]> {
  const rows = await listAssignments(db, patientId);
  const details = await mapInTurn(rows, async (row) => ({
    row,
    events: await listEvents(db, row.id),
    version: row.signedFileId ? await latestVersion(db, row.id) : undefined,
  }));
  const people = await peopleOf(
    db,
    details.flatMap((d) => d.events.map((e) => e.actorId)),
  );
  return details.map(({ row, events, version }) => ({
    id: row.id,
    title: row.titleGb,
    template_version: row.templateVersion,
    edition: row.edition,
    status: row.status,
    due_at: row.dueAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    rejection_reason: rejectionReasonOf(ctx, row),
    signed: version
      ? {
          signed_at: version.createdAt.toISOString(),
          original_sha256: version.originalSha256,
          stamped_sha256: version.stampedSha256,
          signed_sha256: version.signedSha256,
        }
      : null,
    events: events.map((event) => ({
      at: event.at.toISOString(),
      action: event.action,
      actor: event.actor,
      person: (event.actorId && people.get(event.actorId)) || null,
      from_status: event.fromStatus as DocumentStatus | null,
      to_status: event.toStatus as DocumentStatus | null,
      grant_id: event.grantId,
    })),
  }));
}

async function peopleOf(db: Queryable, ids: (string | null)[]): Promise<Map<string, ChartPerson>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map(({ id, ...person }) => [id, person]));
}

/** Every published reference document and when this patient first opened it (null: unread). */
export async function referenceReads(db: Queryable, patientId: string): Promise<ChartReferenceRead[]> {
  const published = (await selectPublished(db, eq(documentTemplates.kind, 'reference'))) as PublishedRow[];
  const reads = await db
    .select({ templateId: documentReads.templateId, readAt: documentReads.readAt })
    .from(documentReads)
    .where(eq(documentReads.patientId, patientId));
  const readAt = new Map(reads.map((r) => [r.templateId, r.readAt.toISOString()]));
  return published.map((row) => ({
    template_id: row.id,
    title: row.gb.title,
    read_at: readAt.get(row.id) ?? null,
  }));
}
