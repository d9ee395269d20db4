import { and, desc, eq, gte, ne } from 'drizzle-orm';
import { Codes, ProtocolError, type CaregiverScope } from '@portal/protocol';
import type { AppContext, OnBehalf } from '../../context.ts';
import { patientAccount } from '../../db/patient-account.ts';
import { caregiverGrants, users } from '../../db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The clinic's today for `ends_on`: the last day a grant holds, in UTC like every stored time. */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Decision 0023: whether the signed-in caregiver may act for `patientId` on a route `scope`
 * opens. No live grant (none, invited, declined, revoked, lapsed, a deactivated patient, not an
 * id at all) answers 10404 exactly as another patient's record; a live grant without the scope,
 * or signing while the clinic does not allow it for this patient, 10403. One statement per
 * request and never cached, so a revocation holds on the next request on every node.
 */
export async function judgeActingFor(
  ctx: AppContext,
  caregiverId: string,
  header: string | string[],
  scope: CaregiverScope,
): Promise<OnBehalf> {
  if (typeof header !== 'string' || !UUID.test(header)) throw new ProtocolError(Codes.itemsNotFound);
  const [grant] = await ctx.db
    .select({
      id: caregiverGrants.id,
      scopes: caregiverGrants.scopes,
      signingAllowed: users.representativeSigningAllowed,
    })
    .from(caregiverGrants)
    .innerJoin(users, eq(users.id, caregiverGrants.patientId))
    .where(
      and(
        eq(caregiverGrants.caregiverId, caregiverId),
        eq(caregiverGrants.patientId, header.toLowerCase()),
        eq(caregiverGrants.status, 'active'),
        gte(caregiverGrants.endsOn, todayOf(ctx.now())),
        ne(users.status, 'deactivated'),
        patientAccount(),
      ),
    )
    .orderBy(desc(caregiverGrants.acceptedAt))
    .limit(1);
  if (!grant) throw new ProtocolError(Codes.itemsNotFound);
  if (!grant.scopes.includes(scope)) throw new ProtocolError(Codes.forbidden);
  if (scope === 'sign_documents' && !grant.signingAllowed) throw new ProtocolError(Codes.forbidden);
  return { caregiverId, patientId: header.toLowerCase(), grantId: grant.id };
}
