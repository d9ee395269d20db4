import { z } from 'zod';
import { emailSchema, Locale, nameSchema, Role } from './auth.ts';
import { encodedValue, pageOf } from './common.ts';
import { DOCUMENT_REMINDER_HOURS } from './document-library.ts';
import { profileSchema } from './intake.ts';
import { intakeStatus } from './intake-status.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.ts';
import { ChatMode, publicConfig } from './public.ts';
import { isStaffPermission, STAFF_PERMISSIONS, StaffPresetName } from './staff-permissions.ts';

// The admin API (protocol.md §7: its paths are ours, documented at /backend/api/docs).
// Answers are sealed: they name people. Write bodies are sealed too.

const isoTime = z.string().describe('ISO 8601 time, UTC');
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(25);
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;

// ---- Users ----

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
 * permissions say what an administrator may do (issue 18).
 */
export const AUTHS = ['admin', ...STAFF_PERMISSIONS] as const;
export const Auth = z.enum(AUTHS, { error: `Unknown permission: choose from ${AUTHS.join(', ')}` });
export type Auth = z.infer<typeof Auth>;

export const UserSort = z.enum(['name', 'email', 'created', 'last_login']);
export type UserSort = z.infer<typeof UserSort>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/** `GET /admin/users/`: `q` matches the start of the e-mail, the full name or the last name, in any case. */
export const userListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: Role.optional(),
  status: UserStatus.optional(),
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
  notApplicable: 'This action does not apply to the account as it is now',
  emailTaken: 'An account with this e-mail address already exists',
} as const;

/** 10403 messages of the users API, beyond the plain `Not allowed` of a missing permission. */
export const USER_REFUSALS = {
  beyondOwnPermissions: 'You can only grant, or manage staff who hold, permissions you hold yourself',
} as const;

/**
 * When each action applies, judged on the shown status: the server refuses the others with
 * 10409 and the web app offers only these. An account locked by a lockout is still active
 * underneath, so it can be locked by an administrator or have its sessions revoked.
 */
export const USER_ACTION_ALLOWED: Record<
  UserAction,
  (user: Pick<AdminUser, 'status' | 'lock' | 'mfa_enabled'>) => boolean
> = {
  lock: (u) => u.status === 'active' || u.lock === 'lockout',
  unlock: (u) => u.status === 'locked',
  deactivate: (u) => u.status !== 'deactivated',
  reactivate: (u) => u.status === 'deactivated',
  revoke_sessions: (u) => u.status === 'active' || u.lock === 'lockout',
  resend_invite: (u) => u.status === 'invited',
  reset_mfa: (u) => u.mfa_enabled,
};

// ---- Audit ----

export const auditPerson = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: isoTime,
  action: z.string(),
  outcome: z.string(),
  actor: auditPerson.nullable(),
  subject: auditPerson.nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const personFilter = z
  .string()
  .trim()
  .max(254)
  .optional()
  .describe('A user id, or the start of an e-mail address (any case)');

/** `GET /admin/audit/` and its CSV export. `from`/`to` bound `at` (from inclusive, to exclusive). */
export const auditQuery = z
  .object({
    actor: personFilter,
    subject: personFilter,
    action: z.string().trim().max(100).optional().describe('The start of the action name'),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    page,
    page_size: pageSize,
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'The start must not be after the end',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuery>;
export type AuditParams = z.output<typeof auditQuery>;
export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

/** A server-made CSV: the web app only saves it. `truncated` when the rows passed the cap. */
export const auditExport = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});
export type AuditExport = z.infer<typeof auditExport>;

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

// ---- Settings ----

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

/** The settings anyone may read back (the secrets and the logo travel apart). */
const settingsShape = z.object({
  clinic_name: z.string().trim().min(1).max(120),
  support_email: emailSchema,
  support_phone: publicConfig.shape.support_phone,
  booking_url: publicConfig.shape.booking_url,
  company_url: publicConfig.shape.company_url,
  chat_mode: ChatMode,
  /** Not a secret: the Web Widget snippet carries it in every page that loads the widget. */
  zendesk_widget_key: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9-]*$/, 'Letters, digits and hyphens only'),
  signing_window_days: z.number().int().min(1).max(365),
  /** The reminder of an unsigned document goes this many hours before its due date. */
  document_reminder_hours: z.number().int().min(DOCUMENT_REMINDER_HOURS.min).max(DOCUMENT_REMINDER_HOURS.max),
  session_timeout_minutes: minutes(5, 7 * 24 * 60),
  idle_timeout_minutes: minutes(1, 24 * 60),
  password_min_length: z.number().int().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  /** Administrators without MFA may then only set it up (protocol.md §10). */
  require_mfa_for_admins: z.boolean(),
});

/** Rules between fields, checked on the values that result from an update. */
export const settingsValues = settingsShape.refine(
  (s) => s.idle_timeout_minutes <= s.session_timeout_minutes,
  {
    message: 'The idle timeout cannot be longer than the session timeout',
    path: ['idle_timeout_minutes'],
  },
);
export type SettingsValues = z.infer<typeof settingsValues>;
export const SETTINGS_KEYS = settingsShape.keyof().options;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

/** Write-only: stored encrypted, never returned, only whether they are set. */
export const SecretSetting = z.enum(['zendesk_key_id', 'zendesk_secret']);
export type SecretSetting = z.infer<typeof SecretSetting>;

/** PNG, JPEG or SVG, judged by parsing (10415), at most 512 KB decoded (10413); an SVG is stored as a PNG. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const logoUpload = z.object({ content_base64: z.string().min(1) });
export const clinicLogo = z.object({ mime: z.string(), content_base64: z.string() });
export type ClinicLogo = z.infer<typeof clinicLogo>;

/**
 * `POST /admin/settings/`: only the keys sent change. A secret or the logo set to null is
 * removed; a secret left out keeps its stored value.
 */
export const settingsUpdate = settingsShape.partial().extend({
  zendesk_key_id: z.string().trim().min(1).max(200).nullable().optional(),
  zendesk_secret: z.string().min(1).max(500).nullable().optional(),
  clinic_logo: logoUpload.nullable().optional(),
});
export type SettingsUpdate = z.input<typeof settingsUpdate>;

/**
 * `POST /admin/settings/signing_certificate/` (sealed): the clinic's document-signing certificate
 * and its RSA key, as a PKCS#12 file or PEM text. Write-only: only `signingCertificateInfo` is
 * ever answered. Refusals are 10400 naming the field to correct.
 */
export const signingCertificateUpload = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('pkcs12'),
    content_base64: z.string().min(1).max(100_000).describe('A .p12/.pfx file, at most 64 KB'),
    passphrase: z.string().max(500),
  }),
  z.object({
    format: z.literal('pem'),
    certificate_pem: z.string().min(1).max(64_000).describe('The certificate, then any chain'),
    private_key_pem: z.string().min(1).max(64_000),
    passphrase: z.string().max(500).optional().describe('For an encrypted private key'),
  }),
]);
export type SigningCertificateUpload = z.input<typeof signingCertificateUpload>;

/** 10400 messages of the certificate upload; clients choose their translated text by them. */
export const CERTIFICATE_REFUSALS = {
  passphrase: 'The passphrase does not open this file or key',
  notPkcs12: 'This is not a PKCS#12 (.p12/.pfx) file this server can read',
  noKey: 'The file holds no private key',
  noCertificate: 'No certificate found',
  unreadableCertificate: 'The certificate could not be read',
  unreadableKey: 'The private key could not be read',
  notRsa: 'Only RSA keys can sign documents',
  weakKey: 'The RSA key must have at least 2048 bits',
  keyMismatch: 'The private key does not belong to the certificate',
  expired: 'The certificate has expired',
  notYetValid: 'The certificate is not valid yet',
} as const;
export type CertificateRefusal = keyof typeof CERTIFICATE_REFUSALS;

/** What may be shown of the signing certificate: never the key. */
export const signingCertificateInfo = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  fingerprint_sha256: z.string(),
  not_before: isoTime,
  not_after: isoTime,
  /** True for the one the server made itself before an administrator uploaded one. */
  self_signed: z.boolean(),
  installed_at: isoTime,
});
export type SigningCertificateInfo = z.infer<typeof signingCertificateInfo>;

export const settingsView = z.object({
  values: settingsShape,
  secrets: z.record(SecretSetting, z.object({ set: z.boolean() })),
  clinic_logo: clinicLogo.nullable(),
  /** Null until the first document is signed or a certificate is uploaded. */
  signing_certificate: signingCertificateInfo.nullable(),
  updated_at: isoTime.nullable(),
});
export type SettingsView = z.infer<typeof settingsView>;
