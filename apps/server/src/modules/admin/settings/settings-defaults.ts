import { DOCUMENT_REMINDER_HOURS, PASSWORD_MIN_LENGTH, type SettingsValues } from '@portal/protocol';
import type { Config } from '../../../config.ts';

/**
 * What holds until an administrator saves a setting: the contacts come from the environment
 * (config.ts), so a fresh install shows what the operator configured.
 */
export function settingsDefaults(config: Config): SettingsValues {
  return {
    clinic_name: config.CLINIC_NAME,
    support_email: config.SUPPORT_EMAIL,
    support_phone: config.SUPPORT_PHONE,
    booking_url: config.BOOKING_URL,
    company_url: config.COMPANY_URL,
    chat_mode: 'builtin',
    zendesk_widget_key: '',
    signing_window_days: 14,
    document_reminder_hours: DOCUMENT_REMINDER_HOURS.default,
    session_timeout_minutes: 12 * 60,
    idle_timeout_minutes: 30,
    password_min_length: PASSWORD_MIN_LENGTH,
    require_mfa_for_admins: false,
  };
}
