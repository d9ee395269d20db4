import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import SettingsPage from '../../../src/features/settings/SettingsPage.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { SETTINGS_VIEW } from '../../../testing/settings-view.ts';

// The account the fake server signs in.
const EMAIL = 'sam@example.com';

// One test in the file: a second sign-in against a fresh fake server meets the first one's
// handshake (ReviewPanel.test.tsx keeps one server per file for the same reason).
let server: FakePortalServer;
beforeEach(() => {
  server = new FakePortalServer();
  server.answers.set('/admin/settings/', { ...SETTINGS_VIEW, updated_at: '2026-11-28T10:00:00.000Z' });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  clearSession('logout');
  vi.unstubAllGlobals();
});

const settingsPosts = () =>
  server.calls.filter((call) => call.method === 'POST' && call.path === '/admin/settings/');

test('the support phone: a refusal at its field and beside Save, then the number with spaces saved', async () => {
  await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
  const screen = await renderScreen(<SettingsPage />, { data: [[['admin-settings', EMAIL], SETTINGS_VIEW]] });
  const phone = screen.getByRole('textbox', { name: 'Toll-free phone' });
  const save = screen.getByRole('button', { name: 'Save settings' });
  await phone.fill('0800 12');
  await save.click();

  await expect.element(phone).toHaveAttribute('aria-invalid', 'true');
  await expect
    .element(phone)
    .toHaveAccessibleDescription(expect.stringContaining('Enter a phone number, for example 0800 123 4567'));
  const alert = screen.getByRole('alert');
  await expect.element(alert).toHaveTextContent('Not saved. Check: Toll-free phone.');
  // Announced where the person pressed Save, and focus taken to the field to correct.
  expect(alert.element().closest('.settings-form__actions')).not.toBeNull();
  await expect.element(phone).toHaveFocus();
  await expectNoAxeViolations(screen.container);
  expect(settingsPosts()).toEqual([]);

  await phone.fill('+44 800 123 4567');
  await save.click();
  await vi.waitFor(() => expect(settingsPosts()).toHaveLength(1));
  await expect.element(screen.getByRole('alert')).not.toBeInTheDocument();
});
