import type { AdminUser } from '@portal/protocol';

/**
 * What a `user` account is to the clinic (decision 0032), as the i18n key under `users.kinds`;
 * null for staff, whose roles say it all.
 */
export function accountKindOf(
  user: Pick<AdminUser, 'roles' | 'is_patient' | 'is_caregiver'>,
): 'patient' | 'caregiver' | 'both' | null {
  if (!user.roles.includes('user')) return null;
  if (!user.is_patient) return 'caregiver';
  return user.is_caregiver ? 'both' : 'patient';
}

/** The i18n keys that name an account's roles, `user` read as its kind. */
export function roleLabelKeys(user: Pick<AdminUser, 'roles' | 'is_patient' | 'is_caregiver'>): string[] {
  const kind = accountKindOf(user);
  return user.roles.map((role) => (role === 'user' && kind ? `users.kinds.${kind}` : `users.roles.${role}`));
}
