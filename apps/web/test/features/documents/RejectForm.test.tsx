import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { login } from '../../../src/api/auth-api.ts';
import { RejectForm } from '../../../src/features/documents/RejectForm.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { patientDocument } from '../../../testing/patient-document.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const ID = '00000000-0000-4000-8000-0000000000d1';
const declined = patientDocument({
  id: ID,
  status: 'rejected',
  actions: [],
  rejection_reason: 'Not now',
});
const signingPosts = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/patient/sign/');

// One server for the file (see ReviewPanel.test.tsx).
let server: FakePortalServer;
beforeAll(() => {
  server = new FakePortalServer();
  server.answers.set('/patient/sign/', declined);
  vi.stubGlobal('fetch', server.fetch);
});
// The component setup signs out after each test.
beforeEach(async () => {
  await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
  server.calls.length = 0;
});
afterAll(() => {
  vi.unstubAllGlobals();
});

async function openWithReason(locale: 'gb' | 'cn' = 'gb') {
  const screen = await renderScreen(<RejectForm id={ID} />, { locale });
  await screen.getByText(locale === 'gb' ? 'Decline to sign' : '拒绝签署').click();
  await screen.getByRole('textbox').fill('Not now');
  return screen;
}

describe("a patient's decline", () => {
  test('asks first; cancel by button or Escape sends nothing and returns to Decline', async () => {
    const screen = await openWithReason();
    const decline = screen.getByRole('button', { name: 'Decline' });
    await decline.click();
    const dialog = page.getByRole('alertdialog', { name: 'Decline to sign this document?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(document.body);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(decline).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(decline).toHaveFocus();
    expect(signingPosts()).toEqual([]);
  });

  test('declines once confirmed, by keyboard, in cn', async () => {
    await openWithReason('cn');
    await page.getByRole('button', { name: '拒绝', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: '拒绝签署此文件？' });
    await expect.element(dialog).toBeVisible();
    await userEvent.keyboard('{Tab}');
    await expect.element(dialog.getByRole('button', { name: '拒绝', exact: true })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(signingPosts()).toHaveLength(1));
    await expect.element(dialog).not.toBeInTheDocument();
  });

  test('asks for a reason before asking to confirm', async () => {
    const screen = await renderScreen(<RejectForm id={ID} />);
    await screen.getByText('Decline to sign').click();
    await screen.getByRole('button', { name: 'Decline' }).click();
    await expect.element(screen.getByText('Please give a reason.')).toBeVisible();
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
  });
});
