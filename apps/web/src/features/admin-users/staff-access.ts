import {
  DEFAULT_INVITE_PRESET,
  isStaffPermission,
  presetOf,
  STAFF_PRESETS,
  type Role,
  type StaffPermission,
  type StaffPreset,
} from '@portal/protocol';

/** The preset radio's value: a preset whose permissions are exactly the ticked ones, else custom. */
export type PresetChoice = StaffPreset | 'custom';
export const PRESET_CHOICES = [...(Object.keys(STAFF_PRESETS) as StaffPreset[]), 'custom'] as const;

export const presetChoiceOf = (auths: readonly string[]): PresetChoice => presetOf(auths) ?? 'custom';

/** The auths after choosing a preset: its permissions and the administration menu. */
export function withPreset(auths: readonly string[], preset: StaffPreset): string[] {
  const others = auths.filter((auth) => auth !== 'admin' && !isStaffPermission(auth));
  return ['admin', ...STAFF_PRESETS[preset], ...others];
}

/**
 * Roles change the permissions with them: a patient holds none (the server refuses them
 * without the admin role), and someone made an administrator starts as the invitation does.
 */
export function authsForRoles(
  before: readonly Role[],
  after: readonly Role[],
  auths: readonly string[],
): string[] {
  if (!after.includes('admin')) return [];
  const noPermissionYet = !auths.some(isStaffPermission);
  if (!before.includes('admin') && noPermissionYet) return withPreset(auths, DEFAULT_INVITE_PRESET);
  return [...auths];
}

/** Permissions the actor lacks: they can neither grant them nor change the access of someone holding them. */
export function beyondOwn(actorAuths: readonly string[], auths: readonly string[]): StaffPermission[] {
  return auths.filter(isStaffPermission).filter((permission) => !actorAuths.includes(permission));
}

/** Whether the actor may choose this preset: every permission in it is theirs. */
export const mayChoosePreset = (actorAuths: readonly string[], preset: StaffPreset): boolean =>
  beyondOwn(actorAuths, STAFF_PRESETS[preset]).length === 0;
