import { eq } from 'drizzle-orm';
import type { StaffNotifications } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';

export async function staffNotificationsOf(ctx: AppContext, userId: string): Promise<StaffNotifications> {
  const [row] = await ctx.db
    .select({ declines: users.notifyDocumentDeclines })
    .from(users)
    .where(eq(users.id, userId));
  return { document_declined: row?.declines ?? false };
}

export async function setStaffNotifications(
  ctx: AppContext,
  userId: string,
  choice: StaffNotifications,
  meta: RequestMeta,
): Promise<StaffNotifications> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ notifyDocumentDeclines: choice.document_declined })
      .where(eq(users.id, userId));
    await recordAudit(tx, meta, {
      action: 'account.notifications',
      outcome: 'success',
      actorId: userId,
      detail: { ...choice },
    });
  });
  return staffNotificationsOf(ctx, userId);
}
