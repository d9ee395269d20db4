import { sql } from 'drizzle-orm';
import type { UserStatus } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { users } from '../src/db/schema/index.ts';
import type { TestPortal } from './test-portal.ts';

/** Helpers for the admin tests: sealed calls, answers' codes, and users made fast. */

/** `POST /token/invite/accept/`, the password sealed like reset confirm's; the answer as received. */
export const acceptInvite = (client: PortalClient, token: string, newPassword: string) =>
  client.send({
    method: 'POST',
    path: '/token/invite/accept/',
    body: { token, new_password: newPassword },
    secretField: 'new_password',
    auth: false,
  });

/** A sign-in whose refusal the test reads (PortalClient.login throws on it). */
export const tryLogin = (client: PortalClient, email: string, password: string) =>
  client.send({ method: 'POST', path: '/token/', body: { email, password }, secretField: 'password' });

/** A patient who can sign in, made through signup so the account is real. */
export async function signedUpPatient(t: TestPortal, email: string, password = 'Correct-horse-42') {
  const c = t.client();
  await c.handshake();
  await c.signup({
    email,
    password,
    first_name: 'Oli',
    last_name: 'Other',
    date_of_birth: '1990-01-01',
    agree_terms: true,
    locale: 'gb',
  });
  await t.portal.ctx.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
  await c.login(email, password);
  const [row] = await t.portal.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`email = ${email}`);
  return { client: c, id: row!.id, email, password };
}

/** Many accounts in one statement (no password hashing): for listing, search and paging. */
export async function insertUsers(
  t: TestPortal,
  rows: {
    email: string;
    firstName: string;
    lastName: string;
    roles?: string[];
    status?: UserStatus;
    createdAt?: Date;
  }[],
): Promise<void> {
  await t.portal.ctx.db
    .insert(users)
    .values(rows.map((r) => ({ roles: ['user'], status: 'active' as const, ...r })));
}
