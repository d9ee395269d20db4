import { expect, test } from '@playwright/test';
import { SAMPLE_COVERAGE } from '@portal/server/testing';
import { catalogueItem, orderResult, type DeviceOrder } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { signedInClient, userIdOf } from './clinic-fixtures.ts';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { CLINICIAN, FRONT_DESK } from './support/portal.ts';
import { signIn } from './support/session.ts';

const PHONE = { width: 375, height: 667 };
const HOUR = 3600_000;

/** A catalogue item of the desk's, unique to this run so its name finds the order's card. */
async function catalogueEntry(desk: PortalClient, name: string, bfAdlWithinDays: number | null) {
  const answer = await desk.post(
    '/admin/catalogue/',
    {
      hcpcs: 'E0143',
      category: 'mobility',
      name_gb: name,
      name_cn: `${name}（助行器）`,
      prepare_gb: 'Clear a path to the front door.',
      prepare_cn: '请清理通往前门的通道。',
      supply: 'purchase',
      rental_months: null,
      resupply_days: null,
      maintenance_months: null,
      requires_prescription: false,
      requires_prior_authorisation: false,
      bf_adl_within_days: bfAdlWithinDays,
      form_template_id: null,
      manual_template_id: null,
      active: true,
    },
    { encrypt: true },
  );
  return catalogueItem.parse(answer).id;
}

async function prescribe(patientId: string, catalogueItemId: string): Promise<DeviceOrder> {
  const clinician = await signedInClient(CLINICIAN);
  const answer = await clinician.post(
    '/admin/orders/',
    {
      patient_id: patientId,
      items: [{ catalogue_item_id: catalogueItemId, quantity: 1 }],
      note: '',
      submit: true,
    },
    { encrypt: true },
  );
  return orderResult.parse(answer).order;
}

/** Approved by the desk, with two windows offered from tomorrow. */
async function offerSlots(desk: PortalClient, order: DeviceOrder) {
  const approved = orderResult.parse(
    await desk.post(
      '/admin/orders/move/',
      { id: order.id, version: order.version, action: 'approve' },
      { encrypt: true },
    ),
  ).order;
  const tomorrow = new Date(Date.now() + 24 * HOUR);
  tomorrow.setUTCHours(9, 0, 0, 0);
  const slot = (startHours: number) => ({
    starts_at: new Date(tomorrow.getTime() + startHours * HOUR).toISOString(),
    ends_at: new Date(tomorrow.getTime() + (startHours + 3) * HOUR).toISOString(),
  });
  await desk.post(
    '/admin/orders/slots/',
    { id: approved.id, version: approved.version, slots: [slot(0), slot(4)] },
    { encrypt: true },
  );
}

test('on a phone the patient sees the hold with its step, and chooses a delivery time', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const patient = await createVerifiedPatient('equipment');
  const patientId = await userIdOf(patient.email);
  // Insured, so the one hold the walker meets is the BF-ADL a new patient has not answered.
  const own = await signedInClient(patient);
  await own.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
  const desk = await signedInClient(FRONT_DESK);
  const suffix = Date.now().toString(36);
  const heldName = `Walker ${suffix}`;
  const readyName = `Commode ${suffix}`;
  // The walker waits for a BF-ADL; the commode needs none.
  await prescribe(patientId, await catalogueEntry(desk, heldName, 30));
  await offerSlots(desk, await prescribe(patientId, await catalogueEntry(desk, readyName, null)));

  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(
    page.getByRole('link', { name: new RegExp(`^Answer the BF-ADL\\W+${heldName}$`) }),
  ).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^Choose a time\\W+${readyName}$`) }).click();

  await expect(page).toHaveURL(/\/equipment#order-/);
  await expect(page.getByRole('heading', { level: 1, name: 'My equipment' })).toBeVisible();
  const held = page.getByRole('article', { name: heldName });
  await expect(held.getByText('BF-ADL assessment needed', { exact: true })).toBeVisible();
  await expect(held.getByRole('link', { name: 'Answer the BF-ADL' })).toHaveAttribute(
    'href',
    '/welcome/bf-adl',
  );
  await expectNoAxeViolations(page, 'My equipment on a phone');

  const ready = page.getByRole('article', { name: readyName });
  await ready.getByRole('radio').first().check();
  await ready.getByRole('button', { name: 'Choose this time' }).click();
  await expect(ready.getByText(/^Delivery: /)).toBeVisible();
  await expect(ready.getByText('Delivery booked', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'My equipment after booking');

  // The task is gone once the time is booked.
  await page.goto('/welcome');
  await expect(
    page.getByRole('link', { name: new RegExp(`^Answer the BF-ADL\\W+${heldName}$`) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^Choose a time\\W+${readyName}$`) })).toHaveCount(
    0,
  );
});
