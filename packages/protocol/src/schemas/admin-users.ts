import { z } from 'zod';
import { emailSchema, Locale, nameSchema, Role } from './auth.ts';
import { encodedValue, pageOf } from './common.ts';
import { profileSchema } from './intake.ts';
import { intakeStatus } from './intake-status.ts';
import {
  isStaffPermission,
  MUST_KEEP_A_HOLDER,
  STAFF_PERMISSIONS,
  StaffPresetName,
} from './staff-permissions.ts';
import { isoTime, page, pageSize } from './admin-api.ts';
import { auditEntry } from './admin-audit.ts';

// The admin API's users: the list, invitations, actions, access and a user's detail (sealed).

/**
 * Shown status. `locked` is an administrator's lock or a login lockout in force (`lock` says
 * which); a deactivated account reads deactivated whatever else holds.
 */
export const UserStatus = z.enum(['active', 'invited', 'locked', 'deactivated']);
export type UserStatus = z.infer<typeof UserStatus>;
export const LockKind = z.enum(['admin', 'lockout']);
export type LockKind = z.infer<typeof LockKind>;

/**
 * Permissions the UI may use (protocol.md §5): `admin` shows the sidebar (spec §2), the staff
 * permissions say what an administrator may do (spec §3).
 */
export const AUTHS = ['admin', ...STAFF_PERMISSIONS] as const;
export const Auth = z.enum(AUTHS, { error: `Unknown permission: choose from ${AUTHS.join(', ')}` });
export type Auth = z.infer<typeof Auth>;

export const UserSort = z.enum(['name', 'email', 'created', 'last_login']);
export type UserSort = z.infer<typeof UserSort>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;
/**
 * Decision 0032: `patient` is an account the clinic treats; `caregiver` one that helps someone,
 * caregiver-only or a patient who also holds a live caregiver grant.
 */
export const AccountKind = z.enum(['patient', 'caregiver']);
export type AccountKind = z.infer<typeof AccountKind>;

/** `GET /admin/users/`: `q` matches the start of the e-mail, the full name or the last name, in any case. */
export const userListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: Role.optional(),
  status: UserStatus.optional(),
  kind: AccountKind.optional(),
  sort: UserSort.default('created'),
  order: SortOrder.default('desc'),
  page,
  page_size: pageSize,
});
export type UserListQuery = z.input<typeof userListQuery>;
/** The query with its defaults filled in, as the server reads it. */
export type UserListParams = z.output<typeof userListQuery>;

export const adminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  locale: Locale,
  roles: z.array(Role),
  auths: z.array(z.string()),
  status: UserStatus,
  lock: LockKind.nullable(),
  locked_until: isoTime.nullable(),
  mfa_enabled: z.boolean(),
  /** Whether the clinic treats the account (decision 0032): false for staff and caregiver-only accounts. */
  is_patient: z.boolean(),
  /** Whether the account holds a live grant to act for a patient. */
  is_caregiver: z.boolean(),
  created_at: isoTime,
  last_login_at: isoTime.nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const userPage = pageOf(adminUser);
export type UserPage = z.infer<typeof userPage>;

export const userIdQuery = z.object({ id: z.uuid() });

/** `POST /admin/users/invite/`: the account waits, without a password, for its e-mailed link (72 h). */
export const inviteRequest = z
  .object({
    email: emailSchema,
    first_name: nameSchema,
    last_name: nameSchema,
    role: Role,
    locale: Locale,
    /** An administrator's starting permissions (DEFAULT_INVITE_PRESET when absent); not for patients. */
    preset: StaffPresetName.optional(),
  })
  .refine((invite) => invite.role === 'admin' || invite.preset === undefined, {
    message: 'A preset applies to administrators only',
    path: ['preset'],
  });
export type InviteRequest = z.infer<typeof inviteRequest>;

/** `POST /token/invite/accept/` (public): `new_password` is sealed like reset confirm's (protocol.md §4). */
export const inviteAcceptRequest = z.object({ token: z.string(), new_password: encodedValue });

export const UserAction = z.enum([
  'lock',
  'unlock',
  'deactivate',
  'reactivate',
  'revoke_sessions',
  'resend_invite',
  'reset_mfa',
  'make_patient',
]);
export type UserAction = z.infer<typeof UserAction>;
export const userActionRequest = z.object({ id: z.uuid(), action: UserAction });
export type UserActionRequest = z.infer<typeof userActionRequest>;

/** `POST /admin/users/access/`: the whole new set of roles and auths. */
export const userAccessRequest = z
  .object({
    id: z.uuid(),
    roles: z.array(Role).min(1, 'Choose at least one role'),
    auths: z.array(Auth),
  })
  .refine((access) => access.roles.includes('admin') || !access.auths.some(isStaffPermission), {
    message: 'Staff permissions need the administrator role',
    path: ['auths'],
  });
export type UserAccessRequest = z.infer<typeof userAccessRequest>;

/** 10409 messages of the users API; clients choose their translated text by them. */
export const USER_CONFLICTS = {
  selfLockout: 'You cannot remove your own administrator access, lock or deactivate yourself',
  lastAdmin: 'At least one active administrator must remain: make someone else an administrator first',
  lastHolder: `Each of ${MUST_KEEP_A_HOLDER.join(', ')} must stay with an active administrator: give it to someone else first`,
  notApplicable: 'This action does not apply to the account as it is now',
  emailTaken: 'An account with this e-mail address already exists',
} as const;

/** 10403 messages of the users API, beyond the plain `Not allowed` of a missing permission. */
export const USER_REFUSALS = {
  beyondOwnPermissions: 'You can only grant, or manage staff who hold, permissions you hold yourself',
  ownAccess: 'You cannot change your own roles or permissions: another administrator does that',
} as const;

/**
 * When each action applies, judged on the shown status: the server refuses the others with
 * 10409 and the web app offers only these. An account locked by a lockout is still active
 * underneath, so it can be locked by an administrator or have its sessions revoked.
 */
export const USER_ACTION_ALLOWED: Record<
  UserAction,
  (user: Pick<AdminUser, 'status' | 'lock' | 'mfa_enabled' | 'roles' | 'is_patient'>) => boolean
> = {
  lock: (u) => u.status === 'active' || u.lock === 'lockout',
  unlock: (u) => u.status === 'locked',
  deactivate: (u) => u.status !== 'deactivated',
  reactivate: (u) => u.status === 'deactivated',
  revoke_sessions: (u) => u.status === 'active' || u.lock === 'lockout',
  resend_invite: (u) => u.status === 'invited',
  reset_mfa: (u) => u.mfa_enabled,
  // Decision 0032: the clinic takes a caregiver-only account on as a patient; there is no way back.
  make_patient: (u) => u.roles.includes('user') && !u.is_patient && u.status !== 'deactivated',
};

// ---- User detail ----

export const userDetail = z.object({
  user: adminUser,
  email_verified_at: isoTime.nullable(),
  live_sessions: z.number().int(),
  /** The patient's profile and intake progress; null for an account without the patient role. */
  profile: profileSchema.partial().nullable(),
  intake: intakeStatus.nullable(),
  /** The latest rows where the user acted or was acted upon; null without `read_audit`. */
  audit: z.array(auditEntry).nullable(),
});
export type UserDetail = z.infer<typeof userDetail>;
