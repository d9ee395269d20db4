import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { auditPage, userPage, type AuditEntry } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import type { Account } from './support/accounts.ts';
import { ADMIN, BASE_URL } from './support/portal.ts';

/** The clinic's side: the patient's API steps, the audit log, screenshots. */

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

/** The audit rows about a patient whose action starts with `action`, newest first. */
export async function auditRowsAbout(patientId: string, action: string): Promise<AuditEntry[]> {
  const answer = auditPage.parse(
    await (await adminClient()).get('/admin/audit/', { subject: patientId, action, page_size: '100' }),
  );
  return answer.items;
}

/** A full-page screenshot for docs/screenshots once nothing is loading. */
export async function clinicShot(page: Page, name: string) {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('.progress-bar--active')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `clinic-${name}.png`), fullPage: true });
}
