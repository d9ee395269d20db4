import { z } from 'zod';

/**
 * What an administrator may do (spec §3 `auths`). Roles stay `admin` and `user`
 * (spec §6); an administrator's `auths` hold `admin` (the sidebar, spec §2) and the
 * permissions below. Each admin route names the one it needs, checked on the server.
 */
export const STAFF_PERMISSIONS = [
  'read_chart',
  'review_intake',
  'manage_documents',
  'manage_orders',
  'answer_messages',
  'manage_users',
  'manage_settings',
  'read_audit',
] as const;

export const StaffPermission = z.enum(STAFF_PERMISSIONS);
export type StaffPermission = z.infer<typeof StaffPermission>;

export const isStaffPermission = (auth: string): auth is StaffPermission =>
  (STAFF_PERMISSIONS as readonly string[]).includes(auth);

/**
 * Permissions that always keep a holder: without an active administrator holding one, no account
 * could manage staff, change the settings or read the audit log again, nor give the permission
 * back (the server answers 10409 to the change that would take the last one away).
 */
export const MUST_KEEP_A_HOLDER = [
  'manage_users',
  'manage_settings',
  'read_audit',
] as const satisfies readonly StaffPermission[];

/** The presets of the access dialog; a clinic may still tick permissions one by one. */
export const STAFF_PRESETS = {
  front_desk: ['manage_users', 'answer_messages', 'manage_documents', 'manage_orders'],
  clinician: ['read_chart', 'review_intake', 'answer_messages', 'manage_documents'],
  clinic_admin: [...STAFF_PERMISSIONS],
} as const satisfies Record<string, readonly StaffPermission[]>;

export type StaffPreset = keyof typeof STAFF_PRESETS;
export const StaffPresetName = z.enum(Object.keys(STAFF_PRESETS) as [StaffPreset, ...StaffPreset[]]);

/**
 * The preset an invited administrator starts with when the invitation names none: the least
 * that lets them work (no chart, no settings, no audit log), widened on purpose afterwards.
 */
export const DEFAULT_INVITE_PRESET: StaffPreset = 'front_desk';

/** The preset whose permissions are exactly these, if any (the access dialog's selected preset). */
export function presetOf(permissions: readonly string[]): StaffPreset | undefined {
  const held = new Set(permissions.filter(isStaffPermission));
  return (Object.keys(STAFF_PRESETS) as StaffPreset[]).find((preset) => {
    const wanted: readonly StaffPermission[] = STAFF_PRESETS[preset];
    return wanted.length === held.size && wanted.every((p) => held.has(p));
  });
}

/** The `auths` of a clinic administrator: the sidebar and every permission. */
export const CLINIC_ADMIN_AUTHS = ['admin', ...STAFF_PRESETS.clinic_admin] as const;
