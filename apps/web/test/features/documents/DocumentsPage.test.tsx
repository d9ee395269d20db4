import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { DocumentsPage as Page, PatientDocument } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import DocumentsPage from '../../../src/features/documents/DocumentsPage.tsx';
import { actForMargaret } from '../../../testing/acting-for.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { patientDocument } from '../../../testing/patient-document.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const consent = patientDocument({ id: '00000000-0000-4000-8000-0000000000e1' });
const privacy: PatientDocument = {
  ...consent,
  id: '00000000-0000-4000-8000-0000000000e2',
  title: 'Privacy notice',
  status: 'signed',
};
const photo: PatientDocument = {
  ...consent,
  id: '00000000-0000-4000-8000-0000000000e3',
  title: 'Photo consent',
  status: 'rejected',
};

const counts = {
  draft: 0,
  submitted: 0,
  pending_signature: 1,
  signed: 1,
  completed: 0,
  rejected: 1,
  expired: 0,
  cancelled: 0,
};
const listed = (items: PatientDocument[]): Page => ({
  items,
  page: 1,
  page_size: 20,
  total: items.length,
  counts,
  unread: 0,
});
// The list as the page asks for it (no one signed in: username ''), unfiltered and by status.
const everything = [
  ['documents', '', 'list', { kind: 'signature', page: 1 }],
  listed([consent, privacy, photo]),
] as const;
const awaiting = [
  ['documents', '', 'list', { kind: 'signature', status: 'pending_signature', page: 1 }],
  listed([consent]),
] as const;

describe('the status filter', () => {
  test('is one select with counts on a phone, the spec labels kept, and the list above the fold', async () => {
    await page.viewport(390, 844);
    const screen = await renderScreen(<DocumentsPage />, { data: [everything, awaiting] });
    const select = screen.getByRole('combobox', { name: 'Show documents' });
    await expect.element(select).toBeVisible();
    const options = [...select.element().querySelectorAll('option')].map((option) => option.textContent);
    // Statuses no document has are left out.
    expect(options).toEqual(['All (3)', 'Awaiting Your Signature (1)', 'Signed (1)', 'Rejected (1)']);
    expect(screen.getByRole('group', { name: 'Show documents' }).elements()).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Awaiting Your Signature/ }).elements()).toHaveLength(0);
    const first = screen.getByRole('link', { name: consent.title });
    expect(first.element().getBoundingClientRect().bottom).toBeLessThan(844);

    await select.selectOptions('pending_signature');
    await expect.element(screen.getByRole('link', { name: privacy.title })).not.toBeInTheDocument();
    await expect.element(first).toBeVisible();
    await expect.element(select).toHaveValue('pending_signature');
    await expectNoAxeViolations(screen.container);
  });

  test('keeps the chosen status in the select when no document has it', async () => {
    await page.viewport(390, 844);
    const expired = [
      ['documents', '', 'list', { kind: 'signature', status: 'expired', page: 1 }],
      listed([]),
    ] as const;
    const screen = await renderScreen(<DocumentsPage />, { locale: 'cn', data: [everything, expired] });
    await page.viewport(1024, 900);
    await screen.getByRole('button', { name: '签署已过期' }).click();
    await page.viewport(390, 844);
    const select = screen.getByRole('combobox', { name: '显示文件' });
    await expect.element(select).toHaveValue('expired');
    const options = [...select.element().querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual([
      '全部（3）',
      '等待您签署（1）',
      '已签署（1）',
      '您已拒绝此表单（1）',
      '签署已过期（0）',
    ]);
  });

  test('is a button for every status on wider screens, and no select', async () => {
    await page.viewport(1024, 900);
    const screen = await renderScreen(<DocumentsPage />, { data: [everything] });
    const group = screen.getByRole('group', { name: 'Show documents' });
    await expect.element(group).toBeVisible();
    expect(group.getByRole('button').elements()).toHaveLength(9);
    await expect.element(group.getByRole('button', { name: 'Awaiting Your Signature 1' })).toBeVisible();
    expect(screen.getByRole('combobox').elements()).toHaveLength(0);
    await expectNoAxeViolations(screen.container);
  });
});

describe('the documents while acting for a patient', () => {
  afterEach(() => setActingFor(null));

  test.each([
    ['gb', "Documents from Margaret's care team", 'Awaiting Signature', 'Rejected', /\byour?\b/i],
    ['cn', 'Margaret的护理团队发送的文件', '等待签署', '已拒绝', /您/],
  ] as const)(
    'name the patient or no one, never "your signature" (%s)',
    async (locale, intro, awaitingLabel, rejectedLabel, you) => {
      await page.viewport(1024, 900);
      const screen = await renderScreen(<DocumentsPage />, {
        locale,
        data: [everything, actForMargaret(['view_documents'])],
      });
      await expect.element(screen.getByText(intro, { exact: false })).toBeVisible();
      const group = screen.getByRole('group');
      await expect.element(group.getByRole('button', { name: `${awaitingLabel} 1` })).toBeVisible();
      await expect.element(group.getByRole('button', { name: `${rejectedLabel} 1` })).toBeVisible();
      const list = screen.getByRole('list');
      await expect.element(list.getByText(awaitingLabel, { exact: true })).toBeVisible();
      await expect.element(list.getByText(rejectedLabel, { exact: true })).toBeVisible();
      expect(screen.container.textContent).not.toMatch(you);

      await page.viewport(390, 844);
      const options = [...screen.getByRole('combobox').element().querySelectorAll('option')];
      expect(options.map((option) => option.textContent).join(' ')).not.toMatch(you);
    },
  );

  test.each([
    ['gb', 'Awaiting Your Signature', 'Rejected'],
    ['cn', '等待您签署', '您已拒绝此表单'],
  ] as const)(
    "keep the spec's labels on the patient's own record (%s)",
    async (locale, awaitingLabel, rejectedLabel) => {
      await page.viewport(1024, 900);
      const screen = await renderScreen(<DocumentsPage />, { locale, data: [everything] });
      const list = screen.getByRole('list');
      await expect.element(list.getByText(awaitingLabel, { exact: true })).toBeVisible();
      await expect.element(list.getByText(rejectedLabel, { exact: true })).toBeVisible();
    },
  );
});
