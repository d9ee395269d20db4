import { describe, expect, it } from 'vitest';
import type { SettingsValues } from '@portal/protocol';
import { checkDraft, draftOf } from '../../../src/features/settings/settings-form.ts';

const VALUES: SettingsValues = {
  clinic_name: 'Harbour Clinic',
  support_email: 'help@clinic.example',
  support_phone: '+18005550123',
  booking_url: 'https://clinic.example/book',
  company_url: 'https://clinic.example',
  chat_mode: 'builtin',
  zendesk_widget_key: '',
  signing_window_days: 14,
  document_reminder_hours: 48,
  session_timeout_minutes: 480,
  idle_timeout_minutes: 30,
  password_min_length: 12,
  require_mfa_for_admins: false,
};

describe('settings form: links', () => {
  it('accepts https addresses, as the hint says', () => {
    expect(checkDraft(draftOf(VALUES)).errors).toEqual({});
  });

  it('refuses http and other schemes with the field’s message', () => {
    const draft = {
      ...draftOf(VALUES),
      booking_url: 'http://clinic.example/book',
      company_url: 'ftp://x.example',
    };
    expect(checkDraft(draft).errors).toEqual({
      booking_url: 'settings.invalid.booking_url',
      company_url: 'settings.invalid.company_url',
    });
  });
});

describe('settings form: the support phone', () => {
  it('shows the stored number as the clinic dials it, and saves nothing new when it is left alone', () => {
    const british = { ...VALUES, support_phone: '+448001234567' };
    expect(draftOf(british).support_phone).toBe('0800 123 4567');
    expect(draftOf(VALUES).support_phone).toBe('+1 800 555 0123');
    expect(checkDraft(draftOf(british)).update.support_phone).toBe('+448001234567');
  });
});
