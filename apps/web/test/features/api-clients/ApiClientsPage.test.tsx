import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { FhirClientList, FhirClientView } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import ApiClientsPage from '../../../src/features/api-clients/ApiClientsPage.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const EMAIL = 'owner@example.com';
const LIST = '/admin/fhir-clients/';
const REVOKE = '/admin/fhir-clients/revoke/';
const LAB = '00000000-0000-4000-8000-0000000000a1';
const OLD = '00000000-0000-4000-8000-0000000000a2';
const JWKS = JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-384', x: 'x', y: 'y', kid: 'lab-1' }] });

const lab: FhirClientView = {
  id: LAB,
  name: 'Lab system',
  scopes: ['system/Patient.rs', 'system/Observation.rs'],
  key_ids: ['lab-1'],
  created_at: '2026-11-01T09:00:00.000Z',
  revoked_at: null,
};
const old: FhirClientView = {
  ...lab,
  id: OLD,
  name: 'Old EHR',
  scopes: ['system/*.rs'],
  revoked_at: '2026-11-02T09:00:00.000Z',
};
const list = (clients: FhirClientView[]): FhirClientList => ({
  clients,
  scopes_supported: ['system/*.rs', 'system/Patient.rs', 'system/Coverage.rs', 'system/Observation.rs'],
});

let server: FakePortalServer;
beforeAll(() => {
  server = new FakePortalServer();
  server.signedInAs = { roles: ['admin'], auths: ['manage_settings'] };
  vi.stubGlobal('fetch', server.fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  await page.viewport(1280, 900);
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
  server.calls.length = 0;
  server.sealedBodies.length = 0;
  server.refusals.clear();
  server.answers.set(`GET ${LIST}`, list([lab, old]));
  server.answers.set(`POST ${LIST}`, lab);
  server.answers.set(REVOKE, { ...lab, revoked_at: '2026-11-03T09:00:00.000Z' });
});

const sent = (path: string) => server.sealedBodies.filter((b) => b.path === path).map((b) => b.body);

describe('the API clients page', () => {
  test('lists each client with its id to copy, its scopes, when it was registered and whether it is revoked', async () => {
    const screen = await renderScreen(<ApiClientsPage />);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'API clients' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Registered API clients' });
    await expect.element(table).toBeVisible();
    const rows = (table.element() as HTMLTableElement).tBodies[0]!.rows;
    expect([...rows].map((row) => [...row.cells].map((cell) => cell.textContent)[4])).toEqual([
      'Active',
      'Revoked',
    ]);
    await expect.element(table.getByRole('rowheader', { name: 'Lab system' })).toBeVisible();
    await expect.element(table.getByText(LAB)).toBeVisible();
    await expect.element(table.getByText('system/Patient.rs system/Observation.rs')).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Copy the client id of Lab system' }))
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Revoke Lab system' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Revoke Old EHR' }).elements()).toEqual([]);
    await expectNoAxeViolations(screen.container);
  });

  test('registers a client from pasted keys and chosen types, by keyboard, after saying a scope is needed', async () => {
    const screen = await renderScreen(<ApiClientsPage />);
    const opener = screen.getByRole('button', { name: 'Register client' });
    await expect.element(opener).toBeEnabled();
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Register an API client' });
    await expect.element(dialog.getByLabelText('Name')).toHaveFocus();
    await dialog.getByLabelText('Name').fill('Lab system');
    await dialog.getByLabelText('Public keys (JWK Set)').fill(JWKS);
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect.element(dialog.getByText('Choose at least one resource type.')).toBeVisible();
    await dialog.getByLabelText('Patient').click();
    await dialog.getByLabelText('Observation').click();
    await expectNoAxeViolations(document.body);
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(LIST)).toEqual([
      { name: 'Lab system', jwks: JWKS, scopes: ['system/Patient.rs', 'system/Observation.rs'] },
    ]);
  });

  test('every type takes the place of single types, and a chosen .json file fills the keys', async () => {
    const screen = await renderScreen(<ApiClientsPage />);
    await screen.getByRole('button', { name: 'Register client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an API client' });
    await dialog.getByLabelText('Name').fill('Warehouse');
    await userEvent.upload(
      dialog.getByLabelText('Or choose a .json file'),
      new File([JWKS], 'jwks.json', { type: 'application/json' }),
    );
    await expect.element(dialog.getByLabelText('Public keys (JWK Set)')).toHaveValue(JWKS);
    await dialog.getByLabelText('Coverage').click();
    await dialog.getByLabelText('Every resource type').click();
    await expect.element(dialog.getByLabelText('Coverage')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(LIST)).toEqual([{ name: 'Warehouse', jwks: JWKS, scopes: ['system/*.rs'] }]);
  });

  test('shows the server refusing the keys in the dialog, which stays open', async () => {
    server.refusals.set(`POST ${LIST}`, { status: 400, code: 10400, message: 'Key "lab-1": bad' });
    const screen = await renderScreen(<ApiClientsPage />);
    await screen.getByRole('button', { name: 'Register client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an API client' });
    await dialog.getByLabelText('Name').fill('Lab system');
    await dialog.getByLabelText('Public keys (JWK Set)').fill(JWKS);
    await dialog.getByLabelText('Every resource type').click();
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect.element(dialog.getByText('Please check the form.')).toBeVisible();
    await expect.element(dialog).toBeVisible();
  });

  test('revokes a client after a confirmation whose safe choice has the focus', async () => {
    const screen = await renderScreen(<ApiClientsPage />);
    await screen.getByRole('button', { name: 'Revoke Lab system' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke Lab system?' });
    await expect.element(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(document.body);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    expect(sent(REVOKE)).toEqual([{ id: LAB }]);
  });
});
