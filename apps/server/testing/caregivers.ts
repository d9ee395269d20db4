import { eq } from 'drizzle-orm';
import {
  ACTING_FOR_HEADER,
  type CaregiverGrant,
  type CaregiverScope,
  type CaregiversOverview,
} from '@portal/protocol';
import type { PortalClient, PortalResponse } from '@portal/protocol/testing';
import { caregiverGrants, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertGrant } from '../src/modules/caregivers/grant-queries.ts';
import { linkToken, type TestPortal } from './test-portal.ts';

export const CAREGIVER_PASSWORD = 'Caregiver-test-2025';
let caregiverCounter = 0;

/** A caregiver account (role `user`, a patient of no one), signed in. */
export async function addCaregiver(
  t: TestPortal,
  firstName = 'Dana',
): Promise<{ id: string; email: string; client: PortalClient }> {
  const email = `caregiver${++caregiverCounter}-${Date.now()}@example.com`;
  const [user] = await t.portal.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(CAREGIVER_PASSWORD),
      firstName,
      lastName: 'Carer',
      emailVerifiedAt: t.portal.ctx.now(),
    })
    .returning({ id: users.id });
  return { id: user!.id, email, client: await t.signedIn(email, CAREGIVER_PASSWORD) };
}

/** The clinic's today (UTC) plus `days`, as an `ends_on`. */
export const daysAhead = (t: TestPortal, days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The token of the newest invitation mail to `email`, from the outbox. */
export async function invitationToken(t: TestPortal, email: string): Promise<string> {
  const mails = (await t.outbox()).filter((mail) => new RegExp(`^To: .*${email}`, 'mi').test(mail));
  return linkToken(mails.at(-1)!, '/caregiver/accept');
}

/** The patient invites `email` through the API; answers the grant. */
export function invite(
  patient: PortalClient,
  email: string,
  scopes: CaregiverScope[],
  endsOn: string,
  relationship = 'Daughter',
): Promise<CaregiverGrant> {
  return patient.post<CaregiverGrant>(
    '/account/caregivers/invite/',
    { email, relationship, scopes, ends_on: endsOn },
    { encrypt: true },
  );
}

/** The invitee answers the invitation; the answer as received. */
export const respond = (client: PortalClient, token: string, decision: 'accept' | 'decline') =>
  client.send({
    method: 'POST',
    path: '/account/caregivers/respond/',
    body: { token, decision },
    encrypt: true,
  });

/** Invite, mail, accept: a caregiver holding a live grant of the patient with these scopes. */
export async function grantThroughMail(
  t: TestPortal,
  patient: PortalClient,
  scopes: CaregiverScope[],
  firstName = 'Dana',
): Promise<{ caregiver: Awaited<ReturnType<typeof addCaregiver>>; grantId: string }> {
  const caregiver = await addCaregiver(t, firstName);
  const grant = await invite(patient, caregiver.email, scopes, daysAhead(t, 30));
  const accepted = await respond(caregiver.client, await invitationToken(t, caregiver.email), 'accept');
  if ((accepted.body as { code?: number }).code !== 0) throw new Error(JSON.stringify(accepted.body));
  return { caregiver, grantId: grant.id };
}

/**
 * A live grant written straight to the database, with any scopes (even a fill scope without its
 * see): the access matrix tries each scope alone, which the invitation's rules would not allow.
 */
export async function liveGrant(
  t: TestPortal,
  patientId: string,
  caregiverId: string,
  scopes: CaregiverScope[],
): Promise<string> {
  const { ctx } = t.portal;
  const grant = await insertGrant(ctx, ctx.db, {
    patientId,
    details: { email: 'matrix@example.com', relationship: 'Carer', authorityFileName: null },
    scopes,
    endsOn: daysAhead(t, 30),
    source: 'patient',
    inviteTokenHash: `matrix-${patientId}-${caregiverId}`,
    inviteExpiresAt: ctx.now(),
    createdBy: patientId,
  });
  await ctx.db
    .update(caregiverGrants)
    .set({ status: 'active', caregiverId, acceptedAt: ctx.now(), inviteTokenHash: null })
    .where(eq(caregiverGrants.id, grant.id));
  return grant.id;
}

/** Requests that carry the acting-for header: the caregiver's token, the patient's record. */
export function actingFor(client: PortalClient, patientId: string) {
  const headers = { [ACTING_FOR_HEADER]: patientId };
  return {
    send: (req: Parameters<PortalClient['send']>[0]): Promise<PortalResponse> =>
      client.send({ ...req, headers: { ...req.headers, ...headers } }),
    get: <T>(path: string, query?: Record<string, string>) =>
      client.call<T>({ method: 'GET', path, query, headers }),
    post: <T>(path: string, body: unknown, opts: { encrypt?: boolean } = {}) =>
      client.call<T>({ method: 'POST', path, body, encrypt: opts.encrypt, headers }),
  };
}

export const overviewOf = (client: PortalClient) => client.get<CaregiversOverview>('/account/caregivers/');
