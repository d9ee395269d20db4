import { and, eq } from 'drizzle-orm';
import {
  Codes,
  GRANT_INVITE_DAYS,
  INVITATION_REFUSALS,
  ProtocolError,
  type AuthorityKind,
  type CaregiverScope,
  type GrantSource,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { caregiverGrants, users } from '../../db/schema/index.ts';
import { randomToken, tokenHash } from '../../lib/random-token.ts';
import { detailsOf, insertGrant, statusOf, type GrantRow } from './grant-queries.ts';
import type { GrantPatient } from './grant-terms.ts';

/** The web page the invitation's link opens (decision 0023). */
export const ACCEPT_ROUTE = '/caregiver/accept';

export interface InvitationTerms {
  email: string;
  relationship: string;
  scopes: CaregiverScope[];
  ends_on: string;
}

/**
 * Records the grant as invited and queues the e-mail with its single-use link, in the caller's
 * transaction. Only the token's hash is kept. The mail names neither the patient nor the record;
 * it is in the invitee's language when the address has an account, else in the patient's.
 */
export async function issueInvitation(
  ctx: AppContext,
  tx: Queryable,
  patient: GrantPatient,
  terms: InvitationTerms,
  by: { userId: string; source: GrantSource },
  authority?: { kind: AuthorityKind; fileId: string; fileName: string },
): Promise<GrantRow> {
  const token = randomToken();
  const grant = await insertGrant(ctx, tx, {
    patientId: patient.id,
    details: {
      email: terms.email,
      relationship: terms.relationship,
      authorityFileName: authority?.fileName ?? null,
    },
    scopes: terms.scopes,
    endsOn: terms.ends_on,
    source: by.source,
    inviteTokenHash: tokenHash(token),
    inviteExpiresAt: new Date(ctx.now().getTime() + GRANT_INVITE_DAYS * 86_400_000),
    authorityKind: authority?.kind,
    authorityFileId: authority?.fileId,
    createdBy: by.userId,
  });
  const [invitee] = await tx.select({ locale: users.locale }).from(users).where(eq(users.email, terms.email));
  const locale = (invitee?.locale ?? patient.locale) === 'cn' ? 'cn' : 'gb';
  await ctx.mailer.send(
    {
      to: terms.email,
      template: 'caregiver_invitation',
      locale,
      // The address after `#`, which browsers send to no server: the page fills it in when the
      // invitee creates an account or signs in from the link.
      vars: {
        link: `${ctx.config.publicUrl}${ACCEPT_ROUTE}?token=${token}#email=${encodeURIComponent(terms.email)}`,
      },
    },
    tx,
  );
  await emitWebhookEvent(tx, ctx, 'grant.changed', {
    patient_id: patient.id,
    grant_id: grant.id,
    status: 'invited',
  });
  return grant;
}

const refuse = (message: string) =>
  new ProtocolError(Codes.validation, message, [{ path: 'token', message }]);

/**
 * The open invitation a link names, for the signed-in invitee only: an unknown, answered,
 * revoked or expired link, and one sent to another address, answer 10400 at `token`.
 * `lock` takes the row for the answer (respond), so two answers cannot both win.
 */
export async function findInvitation(
  ctx: AppContext,
  db: Queryable,
  token: string,
  inviteeId: string,
  lock = false,
): Promise<GrantRow> {
  const query = db
    .select()
    .from(caregiverGrants)
    .where(and(eq(caregiverGrants.inviteTokenHash, tokenHash(token)), eq(caregiverGrants.status, 'invited')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.patientId === inviteeId || statusOf(row, ctx.now()) !== 'invited')
    throw refuse(INVITATION_REFUSALS.invalid);
  const [invitee] = await db.select({ email: users.email }).from(users).where(eq(users.id, inviteeId));
  if (invitee?.email.toLowerCase() !== detailsOf(ctx, row).email.toLowerCase()) {
    throw refuse(INVITATION_REFUSALS.otherAccount);
  }
  return row;
}
