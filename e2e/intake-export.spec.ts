import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PortalClient } from '@portal/protocol/testing';
import { createVerifiedPatient } from './support/accounts.ts';
import { BASE_URL } from './support/portal.ts';
import { signIn } from './support/session.ts';
import { openIntake } from './intake-fixtures.ts';

test('"Download my record (FHIR)" saves a FHIR R4 Bundle of what the patient entered', async ({ page }) => {
  const patient = await createVerifiedPatient('intake-fhir');
  // Entered through the API, as the web app would: this test is about the download.
  const client = new PortalClient({ baseUrl: BASE_URL });
  await client.handshake();
  await client.login(patient.email, patient.password);
  await client.call({
    method: 'POST',
    path: '/patient/medical_history/',
    encrypt: true,
    body: {
      version: 0,
      value: {
        conditions: [{ name: 'Asthma', since: '2001' }],
        surgeries: [],
        medications: [{ name: 'Salbutamol', dose: '100 mcg', frequency: 'As needed' }],
        allergies: [{ substance: 'Peanuts', severity: 'severe' }],
        no_known_allergies: false,
        mobility_aids: [],
        devices: [],
        smoking: 'never',
      },
    },
  });

  await signIn(page, patient);
  await expect(page).toHaveURL(/\/welcome$/);
  await openIntake(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my record (FHIR)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-health-record.fhir.json');
  const bundle = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
    resourceType: string;
    type: string;
    entry: { resource: { resourceType: string; name?: { family?: string }[] } }[];
  };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('collection');
  const types = bundle.entry.map((e) => e.resource.resourceType);
  expect(types).toEqual(
    expect.arrayContaining(['Patient', 'Condition', 'AllergyIntolerance', 'MedicationStatement']),
  );
  const patientResource = bundle.entry.find((e) => e.resource.resourceType === 'Patient')?.resource;
  expect(patientResource?.name?.[0]?.family).toBe('Tester');
  await expect(page.getByText('Your record has been downloaded.')).toBeVisible();
});
