import { and, eq, sql } from 'drizzle-orm';
import {
  Codes,
  documentTransition,
  ProtocolError,
  type DocumentAction,
  type DocumentActor,
  type DocumentEventAction,
  type DocumentLanguage,
  type DocumentStatus,
} from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { documentAssignments, documentEvents } from '../../db/schema/index.ts';

export interface Move {
  assignment: { id: string; status: DocumentStatus; version: number };
  action: DocumentAction;
  actor: DocumentActor;
  actorId: string | null;
  meta: RequestMeta | null;
  /** Columns written with the move (the signed file, the reason). */
  set?: Partial<
    Pick<typeof documentAssignments.$inferInsert, 'signedFileId' | 'rejectionReason' | 'edition'>
  >;
  /** When the act happened, if it was fixed earlier (the signing time printed on the certificate). */
  at?: Date;
}

/**
 * Applies one row of the state table. The UPDATE is conditional on the status and version read
 * before, so of two racing moves (sign and cancel) exactly one wins; the other answers 10409.
 */
export async function moveDocument(ctx: AppContext, tx: Queryable, move: Move): Promise<DocumentStatus> {
  const { assignment, action, actor } = move;
  const transition = documentTransition(assignment.status, action, actor);
  if (!transition) throw new ProtocolError(Codes.conflict);
  const now = move.at ?? ctx.now();
  const updated = await tx
    .update(documentAssignments)
    .set({
      ...move.set,
      status: transition.to,
      version: sql`${documentAssignments.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(documentAssignments.id, assignment.id),
        eq(documentAssignments.status, assignment.status),
        eq(documentAssignments.version, assignment.version),
      ),
    )
    .returning({ id: documentAssignments.id });
  if (updated.length === 0) throw new ProtocolError(Codes.conflict);
  await recordDocumentEvent(ctx, tx, {
    assignmentId: assignment.id,
    actor,
    actorId: move.actorId,
    action,
    fromStatus: assignment.status,
    toStatus: transition.to,
    meta: move.meta,
    at: now,
    edition: move.set?.edition ?? null,
  });
  return transition.to;
}

/**
 * A caregiver's move (decision 0023) is recorded as theirs, under the grant, whatever the use case
 * passed: the history and the certificate then name the representative.
 */
export async function recordDocumentEvent(
  ctx: AppContext,
  tx: Queryable,
  event: {
    assignmentId: string;
    actor: DocumentActor;
    actorId: string | null;
    action: DocumentEventAction;
    fromStatus?: DocumentStatus | null;
    toStatus?: DocumentStatus | null;
    meta: RequestMeta | null;
    at?: Date;
    /** The edition the patient was shown or signed. */
    edition?: DocumentLanguage | null;
  },
): Promise<void> {
  await tx.insert(documentEvents).values({
    assignmentId: event.assignmentId,
    at: event.at ?? ctx.now(),
    actor: event.actor,
    actorId: event.meta?.onBehalf?.caregiverId ?? event.actorId,
    grantId: event.meta?.onBehalf?.grantId ?? null,
    action: event.action,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    ip: event.meta?.ip ?? null,
    userAgent: event.meta?.userAgent ?? null,
    edition: event.edition ?? null,
  });
}
