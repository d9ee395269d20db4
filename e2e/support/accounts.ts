import { randomBytes } from 'node:crypto';
import { CLINIC_ADMIN_AUTHS, userPage } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { linkFromMail } from './mail.ts';
import { ADMIN, BASE_URL } from './portal.ts';

export interface Account {
  email: string;
  password: string;
  firstName: string;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * A fresh, verified patient made through the real API (signup, mail, verify), for journeys
 * that would disturb the shared demo accounts (lockout, password reset).
 */
export async function createVerifiedPatient(
  label: string,
  firstName = 'Robin',
  locale: 'gb' | 'cn' = 'gb',
  dateOfBirth = '1984-05-17',
): Promise<Account> {
  const account = { email: uniqueEmail(label), password: 'Quiet-harbour-lantern-42', firstName };
  const client = new PortalClient({ baseUrl: BASE_URL });
  await client.handshake();
  await client.signup({
    email: account.email,
    password: account.password,
    first_name: account.firstName,
    last_name: 'Tester',
    date_of_birth: dateOfBirth,
    agree_terms: true,
    locale,
  });
  const link = await linkFromMail(account.email, 'verify-email');
  await client.verifyEmail(new URL(link).searchParams.get('token') ?? '');
  return account;
}

/**
 * A fresh administrator, promoted by the demo admin through the API (journeys that would disturb
 * the shared demo admin, such as enrolling MFA). The promotion queues a refresh_token event for
 * the account (spec §4), which the first poll of any later session would hear and answer by
 * going home; a journey that does not test that event has it taken here, so the browser's first
 * poll cannot pull the page away mid-step.
 */
export async function createAdministrator(
  label: string,
  { keepRefreshEvent = false }: { keepRefreshEvent?: boolean } = {},
): Promise<Account> {
  const account = await createVerifiedPatient(label);
  const admin = new PortalClient({ baseUrl: BASE_URL });
  await admin.handshake();
  await admin.login(ADMIN.email, ADMIN.password);
  const page = userPage.parse(await admin.get('/admin/users/', { q: account.email }));
  await admin.post(
    '/admin/users/access/',
    { id: page.items[0]!.id, roles: ['admin'], auths: [...CLINIC_ADMIN_AUTHS] },
    { encrypt: true },
  );
  if (!keepRefreshEvent) {
    const promoted = new PortalClient({ baseUrl: BASE_URL });
    await promoted.handshake();
    await promoted.login(account.email, account.password);
    await promoted.get('/patient/event/');
    await promoted.logout();
  }
  return account;
}
