import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import SettingsPage from '../../../src/features/settings/SettingsPage.tsx';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { SETTINGS_VIEW } from '../../../testing/settings-view.ts';

// The account the fake server signs in.
const EMAIL = 'sam@example.com';

let server: FakePortalServer;
beforeEach(() => {
  server = new FakePortalServer();
  server.answers.set('/admin/settings/', {
    ...SETTINGS_VIEW,
    values: { ...SETTINGS_VIEW.values, clinic_name: 'Northside' },
    updated_at: '2026-11-28T10:00:00.000Z',
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  clearSession('logout');
  vi.unstubAllGlobals();
});

describe('the settings page', () => {
  test('keeps focus on Save once the settings are saved', async () => {
    await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
    const screen = await renderScreen(<SettingsPage />, {
      data: [[['admin-settings', EMAIL], SETTINGS_VIEW]],
    });
    await screen.getByRole('textbox', { name: 'Clinic name' }).fill('Northside');
    const save = screen.getByRole('button', { name: 'Save settings' });
    await save.click();
    await vi.waitFor(() =>
      expect(server.calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /admin/settings/'),
    );
    await expect.element(save).not.toHaveAttribute('aria-disabled', 'true');

    await expect.element(save).toHaveFocus();
  });
});
