import { eq } from 'drizzle-orm';
import type { CaregiversOverview } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { recordStandaloneAudit } from '../audit/index.ts';
import { grantsOfPatient, liveGrantsOf } from './grant-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

/** The grants the user gave and the live ones they hold, and whether their caregivers may sign. */
export async function caregiversOverviewOf(
  ctx: AppContext,
  db: Queryable,
  userId: string,
): Promise<CaregiversOverview> {
  // One after another: `db` may be a transaction (db/in-turn.ts).
  const given = await grantsOfPatient(ctx, db, userId);
  const received = await liveGrantsOf(ctx, db, userId);
  const [user] = await db
    .select({ allowed: users.representativeSigningAllowed, isPatient: users.isPatient })
    .from(users)
    .where(eq(users.id, userId));
  return {
    given,
    received,
    representative_signing_allowed: user?.allowed ?? false,
    is_patient: user?.isPatient ?? true,
  };
}

/** `GET /account/caregivers/`: an audited read (the grants name people and relationships). */
export async function readCaregivers(ctx: AppContext, actor: Actor): Promise<CaregiversOverview> {
  const overview = await caregiversOverviewOf(ctx, ctx.db, actor.userId);
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'caregiver.read',
    outcome: 'success',
    actorId: actor.userId,
    target: 'caregiver_grants',
    detail: { count: overview.given.length + overview.received.length },
  });
  return overview;
}
