import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { documentAssignments, documentEvents, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { loadSettings } from '../settings/index.ts';
import { mailPatients } from './document-mail.ts';

/**
 * pending_signature past its due time → expired (the state table's one system move). One
 * conditional UPDATE … RETURNING: when several nodes run it at once, each row is moved by
 * exactly one of them (the others' WHERE no longer matches once the row is locked and changed).
 */
export async function expireOverdueDocuments(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const expired = await tx
      .update(documentAssignments)
      .set({ status: 'expired', version: sql`${documentAssignments.version} + 1`, updatedAt: now })
      .where(and(eq(documentAssignments.status, 'pending_signature'), lt(documentAssignments.dueAt, now)))
      .returning({ id: documentAssignments.id, patientId: documentAssignments.patientId });
    if (expired.length === 0) return 0;
    await tx.insert(documentEvents).values(
      expired.map((row) => ({
        assignmentId: row.id,
        at: now,
        actor: 'system' as const,
        actorId: null,
        action: 'expire' as const,
        fromStatus: 'pending_signature',
        toStatus: 'expired',
      })),
    );
    for (const row of expired) {
      await recordAudit(tx, null, {
        action: 'document.expire',
        outcome: 'success',
        subjectId: row.patientId,
        target: `document_assignments:${row.id}`,
      });
      await emitWebhookEvent(tx, ctx, 'document.expired', {
        patient_id: row.patientId,
        assignment_id: row.id,
      });
    }
    return expired.length;
  });
}

/**
 * The reminder the clinic's setting times (hours before the due date), at most once per
 * assignment: the row is claimed by setting reminder_sent_at.
 */
export async function sendExpiryReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const { document_reminder_hours: hours } = await loadSettings(ctx);
  const claimed = await ctx.db
    .update(documentAssignments)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(documentAssignments.status, 'pending_signature'),
        isNull(documentAssignments.reminderSentAt),
        gt(documentAssignments.dueAt, now),
        lte(documentAssignments.dueAt, new Date(now.getTime() + hours * 3600_000)),
      ),
    )
    .returning({ patientId: documentAssignments.patientId });
  if (claimed.length === 0) return 0;
  const recipients = [];
  for (const { patientId } of claimed) {
    const [patient] = await ctx.db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, patientId));
    if (patient) recipients.push(patient);
  }
  await mailPatients(ctx, 'document_reminder', recipients);
  return claimed.length;
}

/** One pass of the scheduled work; errors are logged, never thrown into a timer. */
export async function runDocumentJobs(ctx: AppContext): Promise<void> {
  try {
    await expireOverdueDocuments(ctx);
    await sendExpiryReminders(ctx);
  } catch (error) {
    ctx.log.error({ err: String(error) }, 'document jobs failed');
  }
}
