import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { type ClinicAssignment, type DocumentTemplate } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { createVerifiedPatient, type Account } from './support/accounts.ts';
import { ADMIN, BASE_URL } from './support/portal.ts';

/** A fresh patient with the demo consent form assigned through the clinic's API, due in a week. */
export async function patientWithConsentForm(
  label: string,
  firstName?: string,
): Promise<Account & { documentId: string }> {
  const account = await createVerifiedPatient(label, firstName);
  const admin = new PortalClient({ baseUrl: BASE_URL });
  await admin.handshake();
  await admin.login(ADMIN.email, ADMIN.password);
  const { items } = await admin.get<{ items: DocumentTemplate[] }>('/admin/documents/templates/');
  const consent = items.find((t) => t.kind === 'signature' && t.fields.length > 0);
  if (!consent) throw new Error('the demo consent form is missing');
  const patientId = await idOf(account);
  const assigned = await admin.post<{ items: ClinicAssignment[] }>(
    '/admin/documents/assignments/',
    {
      template_id: consent.id,
      patient_ids: [patientId],
      due_at: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    },
    { encrypt: true },
  );
  return { ...account, documentId: assigned.items[0]!.id };
}

/** The account's user id, read from its own access token (`sub`, protocol.md §10). */
async function idOf(account: Account): Promise<string> {
  const client = new PortalClient({ baseUrl: BASE_URL });
  await client.handshake();
  await client.login(account.email, account.password);
  const payload = JSON.parse(Buffer.from(client.access!.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

/** Draws a signature-like stroke across the pad with the mouse. */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    const x = box.x + 30 + i * ((box.width - 60) / 24);
    const y = box.y + box.height * (0.5 + 0.25 * Math.sin(i / 2.5));
    await page.mouse.move(x, y, { steps: 2 });
  }
  await page.mouse.up();
}

/** Debian's pdfsig on a file: its report (it exits non-zero when a signature is bad). */
export async function pdfsig(file: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdfsig', [file]);
  return stdout;
}

export async function expectPdfShown(page: Page) {
  await expect(page.locator('.pdf-viewer__page').first()).toBeVisible();
  await expect(page.locator('.pdf-viewer__loading')).toHaveCount(0);
}
