import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { userPage } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { answersTotalling } from '@portal/server/testing';
import type { Account } from './support/accounts.ts';
import { ADMIN, BASE_URL } from './support/portal.ts';

/** The clinic's side of issue 18: the patient's API steps, the audit log, screenshots. */

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

async function adminClient(): Promise<PortalClient> {
  const admin = new PortalClient({ baseUrl: BASE_URL });
  await admin.handshake();
  await admin.login(ADMIN.email, ADMIN.password);
  return admin;
}

export async function signedInClient(account: Pick<Account, 'email' | 'password'>): Promise<PortalClient> {
  const client = new PortalClient({ baseUrl: BASE_URL });
  await client.handshake();
  await client.login(account.email, account.password);
  return client;
}

export async function userIdOf(email: string): Promise<string> {
  const page = userPage.parse(await (await adminClient()).get('/admin/users/', { q: email }));
  return page.items[0]!.id;
}

/** The patient answers the BF-ADL (a score of 85) and declines the consent form with a reason. */
export async function answerAndDecline(patient: PortalClient, documentId: string, reason: string) {
  await patient.post(
    '/patient/bf_adl/',
    { instrument: 'barthel', version: 1, answers: answersTotalling(85) },
    { encrypt: true },
  );
  await patient.post('/patient/sign/', { id: documentId, action: 'reject', reason }, { encrypt: true });
}

/** The audit actions recorded about a patient, newest first. */
export async function auditActionsAbout(patientId: string): Promise<string[]> {
  const answer = await (
    await adminClient()
  ).get<{ items: { action: string }[] }>('/admin/audit/', { subject: patientId, page_size: '100' });
  return answer.items.map((item) => item.action);
}

/** A full-page screenshot for docs/screenshots once nothing is loading. */
export async function clinicShot(page: Page, name: string) {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('.progress-bar--active')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `clinic-${name}.png`), fullPage: true });
}
