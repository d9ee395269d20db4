import { describe, expect, it } from 'vitest';
import type { SettingsValues } from '@portal/protocol';
import { draftOf, settingsFormSchema, updateOf } from '../../../src/features/settings/settings-form.ts';

const schema = settingsFormSchema({ zendesk_key_id: { set: false }, zendesk_secret: { set: false } });
/** The refused fields, each with its issue's code. */
const refused = (draft: unknown) =>
  Object.fromEntries(
    (schema.safeParse(draft).error?.issues ?? []).map((issue) => [issue.path[0], issue.code]),
  );

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

describe('settings form: numbers and rules between fields', () => {
  it('refuses an empty number rather than reading it as 0, and an idle timeout past the session', () => {
    expect(refused({ ...draftOf(VALUES), signing_window_days: '' })).toEqual({
      signing_window_days: 'invalid_type',
    });
    expect(refused({ ...draftOf(VALUES), idle_timeout_minutes: '600' })).toEqual({
      idle_timeout_minutes: 'custom',
    });
  });

  it('refuses the Zendesk messenger until both of its keys are set or being set', () => {
    expect(refused({ ...draftOf(VALUES), chat_mode: 'zendesk' })).toEqual({ chat_mode: 'custom' });
    const keys = {
      zendesk_key_id: { kind: 'replace', value: 'key-1' },
      zendesk_secret: { kind: 'replace', value: 'secret' },
    };
    expect(refused({ ...draftOf(VALUES), chat_mode: 'zendesk', ...keys })).toEqual({});
  });
});

describe('settings form: links', () => {
  it('accepts https addresses, as the hint says', () => {
    expect(refused(draftOf(VALUES))).toEqual({});
  });

  it('refuses http and other schemes with the field’s message', () => {
    const draft = {
      ...draftOf(VALUES),
      booking_url: 'http://clinic.example/book',
      company_url: 'ftp://x.example',
    };
    expect(refused(draft)).toEqual({ booking_url: 'invalid_format', company_url: 'invalid_format' });
  });
});

describe('settings form: the support phone', () => {
  it('shows the stored number as the clinic dials it, and saves nothing new when it is left alone', () => {
    const british = { ...VALUES, support_phone: '+448001234567' };
    expect(draftOf(british).support_phone).toBe('0800 123 4567');
    expect(draftOf(VALUES).support_phone).toBe('+1 800 555 0123');
    expect(updateOf(british, schema.parse(draftOf(british)))).toEqual({});
    const moved = schema.parse({ ...draftOf(british), support_phone: '0800 123 4568' });
    expect(updateOf(british, moved)).toEqual({ support_phone: '+448001234568' });
  });
});
