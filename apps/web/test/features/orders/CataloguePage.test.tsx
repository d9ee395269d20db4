import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { CatalogueItem, TemplateSummary } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import CataloguePage from '../../../src/features/orders/CataloguePage.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const EMAIL = 'desk@example.com';
const WALKER = '00000000-0000-4000-8000-0000000000c2';
const OXYGEN = '00000000-0000-4000-8000-0000000000c3';
const MANUAL = '00000000-0000-4000-8000-0000000000e1';
const FORM = '00000000-0000-4000-8000-0000000000e2';
const cataloguePath = '/admin/catalogue/';

const walker: CatalogueItem = {
  id: WALKER,
  hcpcs: 'E0143',
  category: 'mobility',
  name_gb: 'Folding walker with wheels',
  name_cn: '带轮折叠助行器',
  prepare_gb: 'Clear a path to the door.',
  prepare_cn: '清理通往门口的通道。',
  supply: 'purchase',
  rental_months: null,
  resupply_days: null,
  maintenance_months: 12,
  requires_prescription: true,
  requires_prior_authorisation: false,
  bf_adl_within_days: 30,
  form_template_id: null,
  manual_template_id: MANUAL,
  active: true,
  version: 4,
  updated_at: '2026-11-01T09:00:00.000Z',
};

const oxygen: CatalogueItem = {
  ...walker,
  id: OXYGEN,
  hcpcs: 'E1390',
  category: 'respiratory',
  name_gb: 'Oxygen concentrator',
  name_cn: '制氧机',
  supply: 'rental',
  rental_months: 36,
  resupply_days: 90,
  requires_prescription: false,
  bf_adl_within_days: null,
  active: false,
};

const template = (id: string, kind: TemplateSummary['kind'], title: string): TemplateSummary => ({
  id,
  kind,
  status: 'published',
  titles: { gb: title, cn: null },
  languages: ['gb'],
  published_version: 1,
  draft_version: null,
  use: { sent: 0, signed: 0, pending: 0, read: 0 },
  created_by: null,
  created_at: '2026-10-01T09:00:00.000Z',
  updated_at: '2026-10-01T09:00:00.000Z',
});

let server: FakePortalServer;
beforeAll(() => {
  server = new FakePortalServer();
  server.signedInAs = { roles: ['admin'], auths: ['manage_orders', 'manage_documents'] };
  server.answers.set('/admin/documents/library/', {
    items: [template(MANUAL, 'reference', 'Walker manual'), template(FORM, 'signature', 'Rental agreement')],
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
// Every test signs in: the session ends after each one (testing/component-setup.ts).
beforeEach(async () => {
  await page.viewport(1280, 900);
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
  server.calls.length = 0;
  server.sealedBodies.length = 0;
  server.refusals.clear();
  server.answers.set(`GET ${cataloguePath}`, { items: [walker] });
  server.answers.set(`POST ${cataloguePath}`, walker);
});

const saved = () => server.sealedBodies.filter((b) => b.path === cataloguePath).map((b) => b.body);

describe('the equipment catalogue', () => {
  test('lists the items as a table: a row each, headed by its name, with what it needs before it ships', async () => {
    server.answers.set(`GET ${cataloguePath}`, { items: [oxygen, walker] });
    const screen = await renderScreen(<CataloguePage />);
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Equipment catalogue' }))
      .toBeVisible();
    const table = screen.getByRole('table', { name: 'Devices and supplies' });
    await expect.element(table).toBeVisible();
    const headers = table.getByRole('columnheader').elements();
    expect(headers.map((header) => header.textContent)).toEqual([
      'HCPCS',
      'Name',
      'Category',
      'Purchase or rental',
      'Resupply every',
      'Before it ships',
      'Status',
      'Actions',
    ]);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    // Mobility comes before breathing, whatever order the server answered in.
    const rows = (table.element() as HTMLTableElement).tBodies[0]!.rows;
    expect([...rows].map((row) => [...row.cells].map((cell) => cell.textContent))).toEqual([
      [
        'E0143',
        'Folding walker with wheels带轮折叠助行器',
        'Mobility',
        'Purchase',
        'None',
        'Prescription · BF-ADL within 30 days',
        'Active',
        'Edit Folding walker with wheels',
      ],
      [
        'E1390',
        'Oxygen concentrator制氧机',
        'Breathing',
        'Rental for 36 months',
        '90 days',
        'None',
        'Inactive',
        'Edit Oxygen concentrator',
      ],
    ]);
    await expect
      .element(table.getByRole('rowheader', { name: 'Folding walker with wheels 带轮折叠助行器' }))
      .toBeVisible();
    await expect.element(screen.getByText('带轮折叠助行器')).toHaveAttribute('lang', 'zh-CN');
    await expectNoAxeViolations(screen.container);
  });

  test('on a phone the table fits the width, each row a card labelled by its columns', async () => {
    await page.viewport(375, 800);
    const screen = await renderScreen(<CataloguePage />);
    const table = screen.getByRole('table', { name: 'Devices and supplies' });
    await expect.element(table).toBeVisible();
    const element = table.element() as HTMLElement;
    expect(element.scrollWidth).toBeLessThanOrEqual(375);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    await expect
      .element(screen.getByRole('button', { name: 'Edit Folding walker with wheels' }))
      .toBeVisible();
    const category = table.getByRole('cell', { name: 'Mobility' }).element();
    expect(getComputedStyle(category, '::before').content).toBe('"Category"');
    await expectNoAxeViolations(screen.container);
  });

  test('adds an item: the rental months show for a rental, the form from the library', async () => {
    const screen = await renderScreen(<CataloguePage />);
    const opener = screen.getByRole('button', { name: 'Add item' });
    await expect.element(opener).toBeVisible();
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Add a catalogue item' });
    await expect.element(dialog.getByLabelText('HCPCS code')).toHaveFocus();
    await dialog.getByLabelText('HCPCS code').fill('k00');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await expect
      .element(dialog.getByText('Enter a HCPCS code: one letter and four digits, such as E0143.'))
      .toBeVisible();
    await dialog.getByLabelText('HCPCS code').fill('k0001');
    await dialog.getByLabelText('Name in English').fill('Standard wheelchair');
    await dialog.getByLabelText('Name in Chinese').fill('标准轮椅');
    expect(dialog.getByLabelText('Rental months').elements()).toEqual([]);
    await dialog.getByLabelText('Purchase or rental').selectOptions('Rental');
    await dialog.getByLabelText('Rental months').fill('13');
    await dialog.getByLabelText('Maintenance every (months)').fill('6');
    await dialog.getByLabelText('Prior authorisation').click();
    await dialog.getByLabelText('A signed form from the library').selectOptions('Rental agreement');
    await expect
      .element(dialog.getByLabelText('A signed form from the library'))
      .not.toHaveTextContent('Walker manual');
    await expectNoAxeViolations(document.body);
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
    expect(saved()).toEqual([
      {
        hcpcs: 'K0001',
        category: 'mobility',
        name_gb: 'Standard wheelchair',
        name_cn: '标准轮椅',
        prepare_gb: '',
        prepare_cn: '',
        supply: 'rental',
        rental_months: 13,
        resupply_days: null,
        maintenance_months: 6,
        requires_prescription: true,
        requires_prior_authorisation: true,
        bf_adl_within_days: null,
        form_template_id: FORM,
        manual_template_id: null,
        active: true,
      },
    ]);
  });

  test("edits an item read at its version; someone else's change is told", async () => {
    server.refusals.set(`POST ${cataloguePath}`, { status: 409, code: 10409, message: 'Conflict' });
    const screen = await renderScreen(<CataloguePage />);
    await screen.getByRole('button', { name: 'Edit Folding walker with wheels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change a catalogue item' });
    await expect.element(dialog.getByLabelText('Manual')).toHaveValue(MANUAL);
    await dialog.getByLabelText('Resupply every (days)').fill('90');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent('Someone else changed this item; reload.');
    expect(saved()).toEqual([
      expect.objectContaining({ id: WALKER, version: 4, resupply_days: 90, manual_template_id: MANUAL }),
    ]);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
  });

  test('takes an item off the list by its "Active" box, and the row then says so', async () => {
    const screen = await renderScreen(<CataloguePage />);
    await screen.getByRole('button', { name: 'Edit Folding walker with wheels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change a catalogue item' });
    await dialog.getByRole('checkbox', { name: 'Active (clinicians can order it)' }).click();
    server.answers.set(`GET ${cataloguePath}`, { items: [{ ...walker, active: false, version: 5 }] });
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect
      .element(screen.getByRole('row', { name: /Folding walker with wheels/ }))
      .toHaveTextContent('Inactive');
    expect(saved()).toEqual([expect.objectContaining({ id: WALKER, version: 4, active: false })]);
  });

  test('reads in cn', async () => {
    const screen = await renderScreen(<CataloguePage />, { locale: 'cn' });
    await expect.element(screen.getByRole('heading', { level: 1, name: '设备目录' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '编辑 带轮折叠助行器' })).toBeVisible();
  });
});
