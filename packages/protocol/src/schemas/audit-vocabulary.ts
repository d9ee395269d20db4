import { INSTRUMENT_IDS } from '../assessment/registry.ts';
import { SecretSetting, SETTINGS_KEYS } from './admin-settings.ts';
import { AUTHS, USER_CONFLICTS, USER_REFUSALS, UserAction, UserStatus } from './admin-users.ts';
import { Locale, Role } from './auth.ts';
import { AuthorityKind, CaregiverScope, GrantSource } from './caregiver-terms.ts';
import { CHART_SECTIONS } from './clinic-chart.ts';
import { ReviewOutcome } from './clinic-review.ts';
import { WORKLIST_QUEUES } from './clinic-worklist.ts';
import { CatalogueCategory, HoldReason, OrderAction } from './device-orders.ts';
import { FHIR_TOKEN_ERRORS } from './fhir-clients.ts';
import { DocumentKind } from './documents-page.ts';
import { DocumentAction } from './document-status.ts';
import { IntakeSection } from './intake-status.ts';
import { ThreadStatus } from './messages.ts';

/**
 * The audit log's words (the log reads as words in gb and cn). The server records only
 * these actions and detail keys (`recordAudit` is typed by them). Each action has its words in
 * the vocabulary (`vocabulary/{gb,cn}.ts`, typed by this list), and the web app a word in each
 * language for every detail key and every value listed here (a web test reads these tables). A
 * new action or key is added here first, then given its words.
 */
export const AUDIT_ACTIONS = [
  'account.lockout',
  'account.notifications',
  // Nothing records it now (staff read BF-ADL in the chart, as `chart.read`); older rows keep it.
  'admin.assessment.read',
  'admin.audit.export',
  'admin.audit.read',
  'admin.create',
  'admin.settings.signing_certificate',
  'admin.settings.update',
  'admin.user.access',
  'admin.user.invite',
  'admin.user.read',
  ...UserAction.options.map((action) => `admin.user.${action}` as const),
  // Decision 0038: the clinic's webhook endpoints and their deliveries.
  'admin.webhook.create',
  'admin.webhook.delete',
  'admin.webhook.log_read',
  'admin.webhook.read',
  'admin.webhook.resend',
  'admin.webhook.rotate',
  'admin.webhook.test',
  'admin.webhook.update',
  'assessment.draft',
  'assessment.read',
  'assessment.submit',
  // Decision 0023: grants, and the clinic's leave for representative signing.
  'caregiver.accept',
  'caregiver.activity_read',
  'caregiver.authority_read',
  'caregiver.decline',
  'caregiver.invitation_read',
  'caregiver.invite',
  'caregiver.read',
  'caregiver.record',
  'caregiver.representative_signing',
  'caregiver.revoke',
  'catalogue.read',
  'catalogue.write',
  'chart.export',
  'chart.read',
  ...DocumentAction.options.map((action) => `document.${action}` as const),
  'document.assign',
  'document.download',
  'document.list',
  'document.read',
  'document.resend',
  'document.sign_session',
  'document.template.create',
  'document.template.edition',
  'document.template.fields',
  'document.template.publish',
  'document.template.retire',
  'document.template.upload',
  'email.verify',
  // Issue 37: a FHIR Bulk Data export read the patient's record; the actor is the FHIR client.
  'fhir.export',
  // Decision 0036: a FHIR client's read or search; the actor is the client, the subject the patient.
  'fhir.read',
  'fhir.search',
  // Decision 0037: SMART Backend Services clients, and each token asked for (granted or refused).
  'fhir.client.register',
  'fhir.client.revoke',
  'fhir.token',
  ...ReviewOutcome.options.map((outcome) => `intake.${outcome}` as const),
  'intake.review_reopened',
  'intake.submit',
  'invite.accept',
  'login',
  'login.mfa',
  'login.mfa_challenge',
  'logout',
  'messages.assign',
  'messages.file_read',
  'messages.read',
  'messages.search',
  'messages.status',
  'messages.write',
  'mfa.disable',
  'mfa.enrol',
  'mfa.enrol_start',
  'mfa.recovery_code_used',
  // Decision 0035: device orders; every move is a row, named by its action.
  ...OrderAction.options.map((action) => `order.${action}` as const),
  'order.create',
  'order.list',
  'order.message',
  'order.offer_slots',
  'order.proof_read',
  'order.read',
  'order.resupply_answer',
  'order.resupply_remind',
  'password.reset',
  'password.reset_request',
  'patient.delete',
  'patient.draft',
  'patient.export',
  'patient.file_read',
  'patient.file_upload',
  'patient.read',
  'patient.write',
  'session.end',
  'session.end_others',
  'signup',
  'token.refresh',
  'worklist.assign',
  'worklist.read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The kinds of record a row names in its `target`: the kind alone (`settings`, an intake section)
 * or the kind and an id (`caregiver_grants:<id>`, `assessment:barthel`). The server's targets are
 * typed by this list, and the web app has a word for each kind in each language.
 */
export const AUDIT_RECORD_KINDS = [
  'assessment',
  'audit_log',
  /** An insurance card as the chart shows it, by its checksum. */
  'card',
  'caregiver_grants',
  'catalogue_items',
  'chart',
  'document_assignments',
  'device_orders',
  'document_templates',
  'fhir',
  'fhir_clients',
  ...IntakeSection.options,
  'intake_review',
  'intake_submissions',
  'message_attachments',
  'message_threads',
  'messages',
  'sessions',
  'settings',
  'users',
  'webhook_endpoints',
  'webhook_messages',
] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];
export type AuditTarget = AuditRecordKind | `${AuditRecordKind}:${string}`;

/** A target's kind and the rest (an id, a section), as stored: `kind` or `kind:rest`. */
export function auditTargetParts(target: string): { kind: string; rest: string | null } {
  const colon = target.indexOf(':');
  return colon < 0
    ? { kind: target, rest: null }
    : { kind: target.slice(0, colon), rest: target.slice(colon + 1) };
}

/** Why a sign-in, a reset or an administrator's change was refused or failed. */
export const AUDIT_REASONS = [
  'locked',
  'locked_while_judged',
  'no_active_account',
  'unknown_email',
  'wrong_password',
  'wrong_code',
  'email_unverified',
  'email_taken',
  'invalid_challenge',
  'challenge_used',
  'not_found',
  ...UserStatus.options.map((status) => `status_${status}` as const),
  // An administrator's change refused by a rule of the users API, named as the protocol names it.
  ...(Object.keys(USER_CONFLICTS) as (keyof typeof USER_CONFLICTS)[]),
  ...(Object.keys(USER_REFUSALS) as (keyof typeof USER_REFUSALS)[]),
  // A token request the SMART token endpoint refused, named by its OAuth error (RFC 6749 §5.2).
  ...FHIR_TOKEN_ERRORS,
] as const;

/** Detail keys whose values come from a fixed set, with that set: each value has its words. */
export const AUDIT_DETAIL_VALUES = {
  reason: AUDIT_REASONS,
  /** In the audit log's own read rows, the action filtered by. */
  action: AUDIT_ACTIONS,
  section: [...CHART_SECTIONS, 'insurance_card', 'review'],
  sections: IntakeSection.options,
  queue: WORKLIST_QUEUES,
  format: ['fhir', 'pdf', 'pkcs12', 'pem'],
  locale: Locale.options,
  file: ['signed', 'original'],
  signature: ['drawn', 'typed'],
  proof: ['code', 'password'],
  /** The second factor a sign-in used (a before/after row's `mfa` is yes or no instead). */
  mfa: ['totp', 'recovery_code'],
  via: ['cli'],
  kind: DocumentKind.options,
  instrument: INSTRUMENT_IDS,
  changed: [...SETTINGS_KEYS, ...SecretSetting.options, 'clinic_logo'],
  role: Role.options,
  roles: Role.options,
  auths: AUTHS,
  status: [...UserStatus.options, ...ThreadStatus.options],
  scopes: CaregiverScope.options,
  source: GrantSource.options,
  authority: AuthorityKind.options,
  hold_reason: HoldReason.options,
  category: CatalogueCategory.options,
} as const;
type Enumerated = typeof AUDIT_DETAIL_VALUES;

/** Detail keys with free values (counts, sizes, ids, times, a certificate's names), at any depth. */
export const AUDIT_FREE_DETAIL_KEYS = [
  'before',
  'after',
  'lockout',
  'filters',
  'actor',
  'subject',
  'subject_name',
  'from',
  'to',
  'page',
  'rows',
  'truncated',
  'count',
  'resources',
  'bytes',
  'mime',
  'size',
  'fields',
  'version',
  'minutes',
  'left',
  'ended',
  'session',
  'thread',
  'attachment',
  'assignee',
  'resent_from',
  'document_declined',
  'issuer',
  'fingerprint_sha256',
  'not_after',
  'grant',
  'ends_on',
  'allowed',
  'client',
  'type',
  'id',
  'params',
  /** SMART scopes a client was registered with or granted. */
  'granted',
] as const;

export const AUDIT_DETAIL_KEYS = [
  ...(Object.keys(AUDIT_DETAIL_VALUES) as (keyof Enumerated)[]),
  ...AUDIT_FREE_DETAIL_KEYS,
];

/** One of the values listed for an enumerated detail key. */
export type AuditValue<K extends keyof Enumerated> = Enumerated[K][number];

/** An audit row's `detail`: only the keys above, an enumerated key only with its listed values. */
export type AuditDetail = { [K in keyof Enumerated]?: AuditValue<K> | readonly AuditValue<K>[] } & {
  [K in (typeof AUDIT_FREE_DETAIL_KEYS)[number]]?: unknown;
};
