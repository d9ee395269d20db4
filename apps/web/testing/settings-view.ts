import type { SettingsView } from '@portal/protocol';

/** The clinic's settings as `GET /admin/settings/` answers them before anyone has saved a change. */
export const SETTINGS_VIEW: SettingsView = {
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
