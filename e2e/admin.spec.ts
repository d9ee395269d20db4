import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN } from './support/portal.ts';
import { privatePortalTest as test, type PrivatePortal } from './support/private-portal.ts';
import { notices, signIn } from './support/session.ts';

/** The newest invitation link in the portal's outbox for `address` (quoted-printable undone). */
async function invitationLink(portal: PrivatePortal, address: string): Promise<string> {
  const outbox = path.join(portal.dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const mail = (await readFile(path.join(outbox, file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
          if (!new RegExp(`^To: .*${address}`, 'mi').test(mail)) continue;
          link = /https?:\/\/\S+\/auth\/accept-invite\?token=[\w-]+/.exec(mail)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 15_000, message: `an invitation mail to ${address}` },
    )
    .toBeTruthy();
  return link!;
}

async function newPage(browser: Browser, portal: PrivatePortal): Promise<Page> {
  const context = await browser.newContext({
    baseURL: portal.url,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context.newPage();
}

/** Opens a user's row menu on the users page (searched by e-mail) and picks an entry. */
async function rowAction(admin: Page, email: string, entry: string) {
  await admin.goto(`/users?q=${encodeURIComponent(email)}`);
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Actions/ }).click();
  await admin.getByRole('menuitem', { name: entry }).click();
}

const POLL_MS = 10_000;

/** A 2×1 PNG that decodes whole (the server re-encodes every uploaded image). */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWMQiVrwH4QBD3cEGxK34roAAAAASUVORK5CYII=',
  'base64',
);

/** A self-signed RSA certificate and key in PEM, made by OpenSSL as a clinic's IT would. */
function clinicCertificate(dir: string): { certificatePem: string; privateKeyPem: string } {
  const key = path.join(dir, 'clinic-signing.key');
  const cert = path.join(dir, 'clinic-signing.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-subj',
      '/CN=Harbour Clinic Signing/O=Harbour Clinic',
    ],
    { stdio: 'pipe' },
  );
  return {
    certificatePem: readFileSync(cert, 'utf8'),
    privateKeyPem: readFileSync(key, 'utf8'),
  };
}

test('an administrator invites a patient, changes the support e-mail, changes access and locks them; all of it is audited', async ({
  page: admin,
  browser,
  portal,
}) => {
  test.setTimeout(180_000);
  const email = `invited-${Date.now()}@example.com`;
  const password = 'Harbour-lantern-quiet-42';
  const supportEmail = `help-${Date.now()}@clinic.example`;
  const patient = await newPage(browser, portal);

  await test.step('the admin invites a new patient from the users page', async () => {
    await signIn(admin, ADMIN);
    await expect(admin).toHaveURL(/\/users$/);
    await admin.getByRole('link', { name: 'All users' }).click();
    await admin.getByRole('button', { name: 'Invite a user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a user' });
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await dialog.getByLabel('First name').fill('Ivy');
    await dialog.getByLabel('Last name').fill('Invited');
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(notices(admin)).toContainText('Invitation sent');
    await expect(dialog).toBeHidden();
    await admin.getByLabel('Search users').fill(email);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(admin.getByRole('row').filter({ hasText: email })).toContainText('Invited');
  });

  await test.step('the patient sets a password from the e-mail and signs in', async () => {
    await patient.goto(await invitationLink(portal, email));
    await expect(patient.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
    await patient.locator('input[name="new_password"]').fill(password);
    await patient.locator('input[name="confirm_password"]').fill(password);
    await patient.getByRole('button', { name: 'Save password' }).click();
    await expect(patient.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible();
    await signIn(patient, { email, password });
    await expect(patient).toHaveURL(/\/welcome$/);
  });

  await test.step("the admin sends a document from the patient's detail page, then cancels it", async () => {
    await admin.goto(`/users?q=${encodeURIComponent(email)}`);
    await admin.getByRole('link', { name: 'Ivy Invited' }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toContainText('Ivy Invited');
    const bfAdl = admin.locator('.patient-chart').getByRole('region', { name: 'BF-ADL', exact: true });
    await expect(bfAdl).toContainText('No BF-ADL submitted yet.');
    await expect(bfAdl).toContainText('An assessment is due now.');
    const documents = admin.getByRole('region', { name: 'Documents', exact: true });
    await documents.getByLabel('Document', { exact: true }).selectOption({ index: 1 });
    await documents.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(notices(admin)).toContainText('Document sent');
    const sent = documents.getByRole('article').first();
    await expect(sent).toContainText('Status: Awaiting signature');
    await sent.getByRole('button', { name: /^Cancel document/ }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Cancel document' }).click();
    await expect(sent).toContainText('Status: Cancelled');
  });

  await test.step('the admin changes the support e-mail; the patient support menu shows it', async () => {
    await admin.goto('/settings');
    await admin.locator('input[name="support_email"]').fill(supportEmail);
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(notices(admin)).toContainText('Settings saved');
    // The admin's own open page shows it at once; the patient's at its next load.
    await admin.getByRole('button', { name: 'Support' }).click();
    await expect(admin.getByRole('menuitem', { name: /Copy support e-mail/ })).toContainText(supportEmail);
    await admin.keyboard.press('Escape');
    await patient.reload();
    await patient.getByRole('button', { name: 'Support' }).click();
    await expect(patient.getByRole('menuitem', { name: /Copy support e-mail/ })).toContainText(supportEmail);
    await patient.keyboard.press('Escape');
  });

  await test.step('a role given by the admin reaches the open portal within one poll (refresh_token)', async () => {
    await patient.goto('/welcome/intake-form');
    await rowAction(admin, email, 'Change roles and permissions');
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Administrator').check();
    const changedAt = Date.now();
    await dialog.getByRole('button', { name: 'Save access' }).click();
    await expect(notices(admin)).toContainText('Access changed');
    // Refreshed tokens carry the admin role, and '/' sends an administrator to /users (spec §2).
    await expect(patient).toHaveURL(/\/users$/, { timeout: POLL_MS + 5_000 });
    expect(Date.now() - changedAt).toBeLessThan(POLL_MS + 5_000);
  });

  await test.step('the admin locks the patient, whose open portal signs out within one poll', async () => {
    await rowAction(admin, email, 'Lock account');
    const confirm = admin.getByRole('alertdialog', { name: 'Lock Ivy Invited?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    const lockedAt = Date.now();
    await confirm.getByRole('button', { name: 'Lock account' }).click();
    await expect(notices(admin)).toContainText('Account locked');
    await expect(patient).toHaveURL(/\/auth\/login$/, { timeout: POLL_MS + 5_000 });
    expect(Date.now() - lockedAt).toBeLessThan(POLL_MS + 5_000);
    await expect(notices(patient)).toContainText('Session Expired');
    await expect(admin.getByRole('row').filter({ hasText: email })).toContainText(
      'Locked by an administrator',
    );
  });

  await test.step('the admin sets the clinic name, logo and signing certificate; the portal shows them at once', async () => {
    await admin.goto('/settings');
    await admin.locator('input[name="clinic_name"]').fill('Harbour Clinic');
    await admin
      .locator('input[type="file"][accept^="image"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(notices(admin)).toContainText('Settings saved');
    const brand = admin.getByRole('banner').getByRole('link', { name: /Harbour Clinic/ });
    await expect(brand).toContainText('Harbour Clinic');
    await expect(brand.locator('img')).toHaveAttribute('src', /^\/backend\/api\/v1\/public\/logo\/\?v=\d+$/);
    await expect
      .poll(() => brand.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(2);
    await expect(admin).toHaveTitle(/Settings · Harbour Clinic$/);

    // A raised password minimum reaches the sign-up form: its hint and strength meter.
    await admin.locator('input[name="password_min_length"]').fill('20');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(notices(admin)).toContainText('Settings saved');
    const visitor = await newPage(browser, portal);
    await visitor.goto('/auth/signup');
    await expect(visitor.getByText('At least 20 characters.', { exact: false })).toBeVisible();
    await visitor.locator('input[name="password"]').fill('Harbour-lantern-9');
    await expect(visitor.getByText('Too short: at least 20 characters')).toBeVisible();
    await visitor.close();

    const certificate = admin.getByRole('region', { name: 'Document-signing certificate' });
    await certificate.getByLabel('PEM certificate and private key').check();
    await certificate.getByRole('button', { name: 'Upload certificate' }).click();
    await expect(certificate.getByLabel('Certificate (PEM)')).toBeFocused();
    const { certificatePem, privateKeyPem } = clinicCertificate(portal.dataDir);
    await certificate.getByLabel('Certificate (PEM)').fill(certificatePem);
    await certificate
      .getByLabel('Private key (PEM)')
      .fill('-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n');
    await certificate.getByRole('button', { name: 'Upload certificate' }).click();
    await expect(certificate.getByText('The private key could not be read.')).toBeVisible();
    await certificate.getByLabel('Private key (PEM)').fill(privateKeyPem);
    await certificate.getByRole('button', { name: 'Upload certificate' }).click();
    await expect(notices(admin)).toContainText('Certificate installed');
    await expect(certificate).toContainText('CN=Harbour Clinic Signing, O=Harbour Clinic');
    await expect(certificate.getByLabel('Private key (PEM)')).toHaveValue('');
  });

  await test.step('the audit viewer shows every step, and exports it as CSV', async () => {
    await admin.goto('/audit');
    await admin.getByLabel('Patient or account').fill(email);
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await expect(admin).toHaveURL(/subject=/);
    const table = admin.getByRole('table', { name: 'Audit rows' });
    // Actions read as words; the CSV below keeps the stored names.
    for (const action of [
      'Invited a user',
      'Accepted an invitation',
      'Changed roles and permissions',
      'Locked an account',
    ]) {
      await expect(table.getByText(action, { exact: true })).toBeVisible();
    }
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await readFile((await (await downloading).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFid,at,action,outcome,actor_id,actor_email,subject_id,subject_email,grant_id,target,ip,user_agent,detail',
    );
    expect(csv).toContain(`,admin.user.lock,success,`);
    expect(csv).toContain(email);

    await admin.getByLabel('Patient or account').fill('');
    await admin.getByLabel('Action').fill('admin.settings');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await expect(table).toContainText(/support_email|Support e-mail/);
    await expect(table.getByText('Replaced the signing certificate', { exact: true })).toBeVisible();

    // Reading the log is itself in the log, with its filters.
    await admin.getByLabel('Action').fill('admin.audit');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await expect(table.getByText('Viewed the audit log', { exact: true }).first()).toBeVisible();
    await expect(table.getByText('Exported the audit log', { exact: true })).toBeVisible();
  });

  await test.step('the settings go back, so a rerun starts from the defaults', async () => {
    await admin.goto('/settings');
    await admin.locator('input[name="support_email"]').fill('support@northbridge.example');
    await admin.locator('input[name="clinic_name"]').fill('Northbridge Clinic & Devices');
    await admin.locator('input[name="password_min_length"]').fill('12');
    await admin.getByRole('button', { name: 'Remove logo' }).click();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(notices(admin)).toContainText('Settings saved');
  });
});
