import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SettingsView } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import SettingsPage from '../../../src/features/settings/SettingsPage.tsx';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

// The account the fake server signs in.
const EMAIL = 'sam@example.com';
const view: SettingsView = {
  values: {
    clinic_name: 'Northside Clinic',
    support_email: 'help@example.com',
    support_phone: '+442079460000',
    booking_url: 'https://example.com/book',
    company_url: 'https://example.com',
    chat_mode: 'builtin',
    zendesk_widget_key: '',
    signing_window_days: 14,
    document_reminder_hours: 48,
    session_timeout_minutes: 60,
    idle_timeout_minutes: 15,
    password_min_length: 12,
    require_mfa_for_admins: false,
  },
  secrets: { zendesk_key_id: { set: false }, zendesk_secret: { set: false } },
  clinic_logo: null,
  signing_certificate: null,
  updated_at: null,
};

let server: FakePortalServer;
beforeEach(() => {
  server = new FakePortalServer();
  server.answers.set('/admin/settings/', {
    ...view,
    values: { ...view.values, clinic_name: 'Northside' },
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
    const screen = await renderScreen(<SettingsPage />, { data: [[['admin-settings', EMAIL], view]] });
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
