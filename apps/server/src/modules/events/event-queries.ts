import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { EventName } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { events } from '../../db/schema/index.ts';

export async function queueEvent(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  name: EventName,
): Promise<void> {
  await db.insert(events).values({ userId, name });
  // Decision 0008: this node's next poll looks at once; other nodes hear the insert's notification.
  ctx.liveness.eventQueued(userId);
}

/** protocol.md §7: the oldest pending event, consumed by reading it; SKIP LOCKED keeps two polls from taking the same one. */
export async function takeNextEvent(db: Queryable, userId: string, now: Date): Promise<string | null> {
  const oldest = db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, userId), isNull(events.consumedAt)))
    .orderBy(asc(events.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(events)
    .set({ consumedAt: now })
    .where(inArray(events.id, oldest))
    .returning({ name: events.name });
  return row?.name ?? null;
}
