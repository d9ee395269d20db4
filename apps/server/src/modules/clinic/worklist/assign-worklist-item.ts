import { and, arrayContains, arrayOverlaps, eq } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  WORKLIST_QUEUE_PERMISSIONS,
  worklistQueuesFor,
  type WorklistAssignees,
  type WorklistAssignResult,
  type WorklistPerson,
  type WorklistQueue,
} from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { users, worklistAssignees } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { itemIdOfRow, itemInQueue } from './assignee-queries.ts';
import type { Actor } from '../../../plugins/auth.ts';

/** The active staff whose permissions open `queue`: who may work its items. */
export async function staffForQueue(db: Queryable, queue: WorklistQueue): Promise<WorklistPerson[]> {
  return db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        arrayContains(users.roles, ['admin']),
        arrayOverlaps(users.auths, [...WORKLIST_QUEUE_PERMISSIONS[queue]]),
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id);
}

/** `GET /admin/worklist/assignees/?queue=`: for a queue the caller sees (else 10403). */
export async function listWorklistAssignees(
  ctx: AppContext,
  auths: readonly string[],
  queue: WorklistQueue,
): Promise<WorklistAssignees> {
  if (!worklistQueuesFor(auths).includes(queue)) throw new ProtocolError(Codes.forbidden);
  return { items: await staffForQueue(ctx.db, queue) };
}

/**
 * `POST /admin/worklist/assign/`: gives an item of a queue the caller sees (else 10403) to a staff
 * member who may work that queue, or to nobody. An item not in its queue, or an assignee who may
 * not work it, answers 10404. Audited in the patient's trail.
 */
export async function assignWorklistItem(
  ctx: AppContext,
  actor: Actor,
  request: {
    queue: WorklistQueue;
    patient_id: string;
    assignment_id: string | null;
    order_id: string | null;
    resupply_prompt_id: string | null;
    assignee_id: string | null;
  },
): Promise<WorklistAssignResult> {
  if (!worklistQueuesFor(actor.auths).includes(request.queue)) throw new ProtocolError(Codes.forbidden);
  const item = {
    patientId: request.patient_id,
    itemId: itemIdOfRow({
      patient_id: request.patient_id,
      assignment_id: request.assignment_id,
      order_id: request.order_id,
      prompt_id: request.resupply_prompt_id,
    }),
  };
  const assignee =
    request.assignee_id === null
      ? null
      : ((await staffForQueue(ctx.db, request.queue)).find((staff) => staff.id === request.assignee_id) ??
        null);
  if (request.assignee_id !== null && !assignee) throw new ProtocolError(Codes.itemsNotFound);
  if (!(await itemInQueue(ctx.db, request.queue, ctx.now(), item)))
    throw new ProtocolError(Codes.itemsNotFound);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(worklistAssignees)
      .where(and(eq(worklistAssignees.queue, request.queue), eq(worklistAssignees.itemId, item.itemId)));
    if (assignee)
      await tx.insert(worklistAssignees).values({
        queue: request.queue,
        itemId: item.itemId,
        patientId: item.patientId,
        assigneeId: assignee.id,
        assignedAt: ctx.now(),
      });
    await recordAudit(tx, actor.meta, {
      action: 'worklist.assign',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: item.patientId,
      detail: { queue: request.queue, assignee: assignee?.id ?? null },
    });
  });
  return { assignee };
}
