import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { documentReads } from '../../db/schema/index.ts';

/** Marks a reference document read by the patient (the first opening counts); answers when. */
export async function markRead(
  ctx: AppContext,
  tx: Queryable,
  templateId: string,
  patientId: string,
): Promise<Date> {
  await tx.insert(documentReads).values({ templateId, patientId, readAt: ctx.now() }).onConflictDoNothing();
  const [row] = await tx
    .select({ readAt: documentReads.readAt })
    .from(documentReads)
    .where(and(eq(documentReads.templateId, templateId), eq(documentReads.patientId, patientId)));
  return row!.readAt;
}
