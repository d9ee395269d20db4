import { afterEach, describe, expect, test } from 'vitest';
import type { DocumentsPage as Page } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import WelcomePage from '../../../src/features/welcome/WelcomePage.tsx';
import { actForMargaret } from '../../../testing/acting-for.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const none = {
  draft: 0,
  submitted: 0,
  pending_signature: 0,
  signed: 0,
  completed: 0,
  rejected: 0,
  expired: 0,
  cancelled: 0,
};
const listed = (pending: number, unread: number): Page => ({
  items: [],
  page: 1,
  page_size: 20,
  total: 1,
  counts: { ...none, pending_signature: pending },
  unread,
});
// The two document cards' lists as they ask for them (no one signed in: username '').
const cardData = (pending: number) =>
  [
    [
      ['documents', '', 'list', { kind: 'signature', status: 'pending_signature', page: 1 }],
      listed(pending, 0),
    ],
    [['documents', '', 'list', { kind: 'reference', page: 1 }], listed(0, 0)],
  ] as const;

describe("the home page's document cards", () => {
  afterEach(() => setActingFor(null));

  test.each([
    ['gb', "Awaiting Margaret's signature: 2", 'Every document has been opened'],
    ['cn', '等待Margaret签署：2 份', '所有文件都已打开'],
  ] as const)('name the patient while acting for them (%s)', async (locale, awaiting, allRead) => {
    const screen = await renderScreen(<WelcomePage />, {
      locale,
      data: [...cardData(2), actForMargaret(['view_documents'])],
    });
    await expect.element(screen.getByText(awaiting, { exact: true })).toBeVisible();
    await expect.element(screen.getByText(allRead, { exact: true })).toBeVisible();
    // The intro's "you" is the caregiver, rightly; the cards' are the patient's.
    const cards = screen.getByRole('list').element().textContent;
    expect(cards).not.toMatch(locale === 'gb' ? /\byour?\b/i : /您/);
  });

  test.each([
    ['gb', "Nothing awaits Margaret's signature"],
    ['cn', '没有等待Margaret签署的文件'],
  ] as const)('say when nothing awaits the patient while acting (%s)', async (locale, nothing) => {
    const screen = await renderScreen(<WelcomePage />, {
      locale,
      data: [...cardData(0), actForMargaret(['view_documents'])],
    });
    await expect.element(screen.getByText(nothing, { exact: true })).toBeVisible();
  });

  test.each([
    ['gb', 'Awaiting your signature: 2', 'You have opened every document'],
    ['cn', '等待您签署：2 份', '您已打开所有文件'],
  ] as const)('speak to the patient on their own record (%s)', async (locale, awaiting, allRead) => {
    const screen = await renderScreen(<WelcomePage />, { locale, data: cardData(2) });
    await expect.element(screen.getByText(awaiting, { exact: true })).toBeVisible();
    await expect.element(screen.getByText(allRead, { exact: true })).toBeVisible();
  });
});
