import type { PublicConfig } from '@portal/protocol';
import type { Session } from '../src/api/session.ts';
import type { UserInfo } from '../src/api/user-info.ts';

/** The demo clinic's public settings, as `GET /public/config/` answers them. */
export const PUBLIC_CONFIG: PublicConfig = {
  clinic_name: 'Northbridge Clinic & Devices',
  support_email: 'help@example.com',
  support_phone: '+442079460000',
  support_phone_display: '+44 20 7946 0000',
  booking_url: 'https://example.com/book',
  company_url: 'https://example.com',
  chat_mode: 'builtin',
  password_min_length: 12,
  logo_path: null,
  zendesk_widget_key: null,
};

/** A session as the web app stores it after sign-in: a patient-role account unless `user` says otherwise. */
export function sessionOf(user: Partial<UserInfo> = {}): Session {
  return {
    access: 'a',
    expires: 0,
    refresh: 'r',
    user: {
      refresh: 'r',
      expires: 0,
      username: '',
      roles: ['user'],
      auths: [],
      first_name: 'Dana',
      insurance_type: null,
      keep: false,
      ...user,
    },
  };
}
