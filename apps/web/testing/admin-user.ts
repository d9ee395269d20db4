import type { AdminUser } from '@portal/protocol';

/** The n-th account in the users table: an active patient, unless `change` says otherwise. */
export function adminUser(n: number, change: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `0b7a3c1e-5d2f-4e8a-9c6b-${String(n).padStart(12, '0')}`,
    email: `patient${n}@example.com`,
    first_name: `Given${n}`,
    last_name: `Family${n}`,
    locale: 'gb',
    roles: ['user'],
    auths: [],
    status: 'active',
    lock: null,
    locked_until: null,
    mfa_enabled: false,
    is_patient: true,
    is_caregiver: false,
    created_at: '2026-10-01T09:00:00.000Z',
    last_login_at: null,
    ...change,
  };
}
