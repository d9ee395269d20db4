import type { SecretSetting, SettingsKey } from '@portal/protocol';

export interface SettingsField {
  key: SettingsKey;
  input: 'text' | 'email' | 'tel' | 'url' | 'number' | 'chat-mode' | 'switch';
  /** Numbers carry their unit in the label; others may have a format hint. */
  hint?: boolean;
}

export interface SettingsSection {
  id: 'clinic' | 'support' | 'messenger' | 'documents' | 'security';
  fields: readonly SettingsField[];
  secrets?: readonly SecretSetting[];
  logo?: boolean;
}

/** The settings page as data: sections, their fields and inputs; texts are `settings.<section|key>.*`. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'clinic', fields: [{ key: 'clinic_name', input: 'text' }], logo: true },
  {
    id: 'support',
    fields: [
      { key: 'support_email', input: 'email' },
      { key: 'support_phone', input: 'tel', hint: true },
      { key: 'booking_url', input: 'url', hint: true },
      { key: 'company_url', input: 'url', hint: true },
    ],
  },
  {
    id: 'messenger',
    fields: [
      { key: 'chat_mode', input: 'chat-mode' },
      { key: 'zendesk_widget_key', input: 'text', hint: true },
    ],
    secrets: ['zendesk_key_id', 'zendesk_secret'],
  },
  {
    id: 'documents',
    fields: [
      { key: 'signing_window_days', input: 'number', hint: true },
      { key: 'document_reminder_hours', input: 'number', hint: true },
    ],
  },
  {
    id: 'security',
    fields: [
      { key: 'session_timeout_minutes', input: 'number', hint: true },
      { key: 'idle_timeout_minutes', input: 'number', hint: true },
      { key: 'password_min_length', input: 'number', hint: true },
      { key: 'require_mfa_for_admins', input: 'switch', hint: true },
    ],
  },
];
