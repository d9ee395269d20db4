import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  Codes,
  GRANT_MAX_DAYS,
  GRANT_REFUSALS,
  ProtocolError,
  type InviteCaregiverRequest,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { caregiverGrants, users } from '../../db/schema/index.ts';
import { personColumns } from '../../db/person-columns.ts';
import { todayOf } from '../auth/index.ts';
import { isPatient } from '../patient/index.ts';
import { detailsOf, statusOf } from './grant-queries.ts';

const DAY_MS = 86_400_000;

/** The clinic's today plus `days`, as a date (YYYY-MM-DD, UTC). */
export const todayPlusDays = (now: Date, days: number) =>
  todayOf(new Date(Date.parse(`${todayOf(now)}T00:00:00Z`) + days * DAY_MS));

export interface GrantPatient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  representativeSigningAllowed: boolean;
}

/**
 * The patient a grant is for: a patient account (decision 0032; a staff or caregiver-only id answers
 * 10404 as a missing one).
 */
export async function findGrantPatient(db: Queryable, id: string): Promise<GrantPatient> {
  if (!(await isPatient(db, id))) throw new ProtocolError(Codes.itemsNotFound);
  const [row] = await db
    .select({
      ...personColumns,
      representativeSigningAllowed: users.representativeSigningAllowed,
    })
    .from(users)
    .where(and(eq(users.id, id), ne(users.status, 'deactivated')));
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  return row;
}

const refuse = (path: string, message: string) =>
  new ProtocolError(Codes.validation, message, [{ path, message }]);

/**
 * Decision 0023's rules for a new grant, whoever records it: not oneself, an end date from the
 * clinic's today to GRANT_MAX_DAYS ahead, and signing only where the clinic allows it.
 */
export function checkGrantTerms(
  ctx: AppContext,
  patient: GrantPatient,
  terms: Pick<InviteCaregiverRequest, 'email' | 'ends_on' | 'scopes'>,
): void {
  if (terms.email.toLowerCase() === patient.email.toLowerCase()) {
    throw refuse('email', GRANT_REFUSALS.ownEmail);
  }
  const today = todayOf(ctx.now());
  const latest = todayPlusDays(ctx.now(), GRANT_MAX_DAYS);
  if (terms.ends_on < today || terms.ends_on > latest) throw refuse('ends_on', GRANT_REFUSALS.endsOn);
  if (terms.scopes.includes('sign_documents') && !patient.representativeSigningAllowed) {
    throw refuse('scopes', GRANT_REFUSALS.signingNotAllowed);
  }
}

/**
 * One live grant per patient and address: an invited or active one for the same e-mail answers
 * 10409 at `email`. The patient's row is locked first, so two invitations sent at once cannot
 * both pass; the addresses are sealed, so they are compared after opening.
 */
export async function refuseDuplicateGrant(
  ctx: AppContext,
  tx: Queryable,
  patientId: string,
  email: string,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('update');
  const rows = await tx
    .select()
    .from(caregiverGrants)
    .where(
      and(eq(caregiverGrants.patientId, patientId), inArray(caregiverGrants.status, ['invited', 'active'])),
    );
  const now = ctx.now();
  const wanted = email.toLowerCase();
  const duplicate = rows.some((row) => {
    const status = statusOf(row, now);
    return (
      (status === 'invited' || status === 'active') && detailsOf(ctx, row).email.toLowerCase() === wanted
    );
  });
  if (duplicate) {
    throw new ProtocolError(Codes.conflict, GRANT_REFUSALS.duplicate, [
      { path: 'email', message: GRANT_REFUSALS.duplicate },
    ]);
  }
}
