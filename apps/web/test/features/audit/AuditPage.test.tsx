import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { AuditEntry, AuditPage as AuditPageAnswer } from '@portal/protocol';
import { columnNames } from '../../../testing/column-names.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { expectAddressWrappedAtItsParts } from '../../../testing/rendered-lines.ts';
import { apiQueryOf, filtersFrom } from '../../../src/features/audit/audit-params.ts';
import AuditPage from '../../../src/features/audit/AuditPage.tsx';

const ADMIN = 'alex.admin@clinic.example';
const actor = { id: '3f0c9a52-7d1e-4b6a-8e2f-5a9c0b1d2e3f', email: ADMIN, name: 'Alex Admin' };
const subject = {
  id: '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4',
  email: 'mei.chen@example.com',
  name: 'Mei Chen',
};

function entry(id: number, change: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-20T10:15:00.000Z',
    action: 'admin.user.lock',
    outcome: 'success',
    actor,
    subject,
    grant_id: null,
    target: null,
    ip: '192.0.2.10',
    user_agent: null,
    detail: null,
    ...change,
  };
}

/** The cache entry for the rows at an address, as the page's query keys them. */
function rowsAt(search: string, items: AuditEntry[], total = items.length, totalCapped = false) {
  const filters = filtersFrom(new URLSearchParams(search));
  const answer: AuditPageAnswer = {
    items,
    total,
    total_capped: totalCapped,
    page: filters.page,
    page_size: filters.pageSize,
  };
  return [['admin-audit', ADMIN, apiQueryOf(filters)], answer] as const;
}

const renderAudit = (rows: ReturnType<typeof rowsAt>[], locale: 'gb' | 'cn' = 'gb') =>
  renderScreen(<AuditPage />, {
    url: '/audit',
    data: rows,
    locale,
    staff: { email: ADMIN, auths: ['read_audit'] },
  });

describe('a caregiver’s rows', () => {
  const caregiver = {
    id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    email: 'dana.carer@example.com',
    name: 'Dana Carer',
  };
  const grant = '7c6b5a49-3827-4165-a4b3-c2d1e0f9a8b7';
  const rows = () => [
    rowsAt('', [
      entry(1, { action: 'patient.read', actor: caregiver, grant_id: grant }),
      entry(2, { action: 'patient.read', actor: subject }),
    ]),
  ];

  test('say whom the caregiver acted for and under which grant, in English', async () => {
    await page.viewport(1280, 900);
    const screen = await renderAudit(rows());
    const acted = screen.getByRole('row').filter({ hasText: 'dana.carer@example.com' });
    await expect.element(acted).toHaveTextContent(`Acting for Mei Chen under grant ${grant}`);
    const own = screen.getByRole('row').filter({ hasNotText: 'dana.carer@example.com' }).last();
    await expect.element(own).not.toHaveTextContent('Acting for');
    await expectNoAxeViolations(screen.container);
  });

  test('and in Chinese', async () => {
    await page.viewport(1280, 900);
    const screen = await renderAudit(rows(), 'cn');
    await expect.element(screen.getByText(`代表 Mei Chen 操作，依据授权 ${grant}`)).toBeVisible();
  });
});

describe('the audit table on a wide screen', () => {
  test('shows each row in words under its columns', async () => {
    await page.viewport(1280, 900);
    const screen = await renderAudit([
      rowsAt('', [entry(1), entry(2, { actor: null, action: 'auth.login', outcome: 'failure' })]),
    ]);
    expect(await columnNames(screen)).toEqual(['Time', 'Action', 'Outcome', 'Done by', 'About', 'Address']);
    const locked = screen.getByRole('row').filter({ hasText: 'Locked an account' });
    await expect.element(locked).toHaveTextContent('Succeeded');
    await expect.element(locked).toHaveTextContent(ADMIN);
    await expect.element(locked).toHaveTextContent('mei.chen@example.com');
    await expect
      .element(screen.getByRole('row').filter({ hasText: 'Failed' }))
      .toHaveTextContent('The portal');
    await expectNoAxeViolations(screen.container);
  });

  test('an empty result says so', async () => {
    await page.viewport(1280, 900);
    const screen = await renderAudit([rowsAt('', [])]);
    await expect
      .element(screen.getByRole('cell', { name: 'No audit rows match these filters.' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('navigation', { name: 'Pages of Audit rows' }))
      .toHaveTextContent('0–0 of 0');
    await expectNoAxeViolations(screen.container);
  });

  test('a smaller page size starts again at page 1 and pages on from there', async () => {
    await page.viewport(1280, 900);
    const all = Array.from({ length: 60 }, (_, i) => entry(i + 1, { ip: `192.0.2.${i + 1}` }));
    const screen = await renderAudit([
      rowsAt('', all.slice(0, 50), 60),
      rowsAt('page_size=10', all.slice(0, 10), 60),
      rowsAt('page=2&page_size=10', all.slice(10, 20), 60),
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages of Audit rows' });
    await expect.element(pages).toHaveTextContent('1–50 of 60');

    await pages.getByRole('combobox', { name: 'Rows per page' }).selectOptions('10');
    await expect.element(pages).toHaveTextContent('1–10 of 60');
    await expect.element(pages).toHaveTextContent('Page 1 of 6');
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.element(pages).toHaveTextContent('11–20 of 60');
    await expect.element(screen.getByRole('cell', { name: '192.0.2.11', exact: true })).toBeVisible();
  });
});

describe('a log whose count stopped at the cap', () => {
  const page = (n: number) => Array.from({ length: 50 }, (_, i) => entry(n * 50 + i + 1));
  const rows = () => [rowsAt('', page(0), 10_000, true), rowsAt('page=2', page(1), 10_000, true)];

  test('says there are at least 10,000 rows and still pages on', async () => {
    const screen = await renderAudit(rows());
    const pages = screen.getByRole('navigation', { name: 'Pages of Audit rows' });
    await expect.element(pages).toHaveTextContent('1–50 of at least 10,000');
    await expect.element(pages).toHaveTextContent('Page 1 of at least 200');
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.element(pages).toHaveTextContent('51–100 of at least 10,000');
    await expectNoAxeViolations(screen.container);
  });

  test('and in Chinese', async () => {
    const screen = await renderAudit(rows(), 'cn');
    await expect.element(screen.getByText('第 1–50 条，至少 10,000 条')).toBeVisible();
    await expect.element(screen.getByText('第 1 页，至少 200 页')).toBeVisible();
  });
});

test('on a phone, long addresses in the people columns wrap only after the @ and before a dot', async () => {
  const email = 'physiotherapie.terminvergabe@gemeinschaftspraxis.hamburgnord.example.com';
  const screen = await renderAudit([rowsAt('', [entry(1, { actor: { ...actor, email } })])]);
  await expectAddressWrappedAtItsParts(screen, email);
  await expectNoAxeViolations(screen.container);
});

describe('the patient’s name filter', () => {
  const hana = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', email: 'hana@example.com', name: 'Hana Berg' };

  test('is typed and applied from the keyboard, beside the other filters, and combines with them', async () => {
    await page.viewport(1280, 900);
    const screen = await renderAudit([
      rowsAt('', [entry(1), entry(2, { subject: hana })]),
      rowsAt('subject_name=hana', [entry(2, { subject: hana })]),
      rowsAt('subject_name=hana&action=admin.user', [entry(3, { subject: hana, action: 'admin.user.read' })]),
    ]);
    const filters = screen.getByRole('form', { name: 'Filter the audit log' });
    const name = filters.getByRole('textbox', { name: 'Patient’s name' });
    await expect.element(name).toHaveAccessibleDescription('The start of their full name or family name.');
    await name.click();
    await userEvent.keyboard('hana{Enter}');
    await expect
      .element(screen.getByRole('row').filter({ hasText: 'mei.chen@example.com' }))
      .not.toBeInTheDocument();
    await expect.element(screen.getByRole('row').filter({ hasText: 'hana@example.com' })).toBeVisible();

    await filters.getByRole('textbox', { name: 'Action' }).click();
    await userEvent.keyboard('admin.user{Enter}');
    await expect
      .element(screen.getByRole('row').filter({ hasText: 'hana@example.com' }))
      .toHaveTextContent('Viewed an account');
    await expectNoAxeViolations(screen.container);
  });

  test('has its words in Chinese, and fits a phone', async () => {
    await page.viewport(390, 844);
    const screen = await renderAudit([rowsAt('', [entry(1)])], 'cn');
    const name = screen.getByRole('textbox', { name: '患者姓名' });
    await expect.element(name).toBeVisible();
    await expect.element(name).toHaveAccessibleDescription('全名或姓氏的开头部分。');
    expect(name.element().getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(screen.container);
  });
});
