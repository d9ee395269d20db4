import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-vocabulary.ts';
import { emailSchema } from './auth.ts';
import { AuthorityKind, CaregiverScope, GrantSource } from './caregiver-terms.ts';
import type { StaffPermission } from './staff-permissions.ts';

export { AuthorityKind, CAREGIVER_SCOPES, CaregiverScope, GrantSource } from './caregiver-terms.ts';

const isoTime = z.string().describe('ISO 8601 time, UTC');
const isoDate = z.iso.date().describe('ISO 8601 date, YYYY-MM-DD');

/**
 * Decision 0023. A caregiver (role `user`) acts for a patient by sending this header, the
 * patient's id, on the patient routes a grant's scopes open; the token stays the caregiver's.
 * A route no scope opens answers 10403; no live grant (none, invited, revoked, lapsed) answers
 * 10404 'Items not found', exactly as another patient's record.
 */
export const ACTING_FOR_HEADER = 'acting-for';

/** A scope that acts on a record needs the scope that reads it: a form is read before it is filled. */
export const SCOPE_NEEDS: Partial<Record<CaregiverScope, CaregiverScope>> = {
  fill_intake: 'view_intake',
  sign_documents: 'view_documents',
  fill_assessments: 'view_assessments',
  act_on_orders: 'view_orders',
};

/**
 * The staff permission a grant the clinic records needs for each scope: staff open to a caregiver
 * only what they may read or decide themselves. The see scopes are chart reads (every chart
 * section is `read_chart`); filling in is judged by whoever reviews what the patient hands in
 * (`review_intake`); signing for the patient is a clinical decision about who may consent for
 * them, so it needs `review_intake` too, as the representative-signing switch does; messages need
 * the clinic inbox. Front desk (`manage_users`) may thus record only messages and orders grants.
 */
export const SCOPE_PERMISSIONS: Record<CaregiverScope, StaffPermission> = {
  view_intake: 'read_chart',
  fill_intake: 'review_intake',
  view_documents: 'read_chart',
  sign_documents: 'review_intake',
  view_assessments: 'read_chart',
  fill_assessments: 'review_intake',
  write_messages: 'answer_messages',
  // Orders are the desk's: who manages them may open them to a caregiver.
  view_orders: 'manage_orders',
  act_on_orders: 'manage_orders',
};

/** Who may allow a patient's caregivers to sign as authorised representative: who may grant signing. */
export const REPRESENTATIVE_SIGNING_PERMISSION: StaffPermission = SCOPE_PERMISSIONS.sign_documents;

/** The scopes staff holding these auths may put in a grant they record. */
export const scopesWithin = (auths: readonly string[]): CaregiverScope[] =>
  (Object.keys(SCOPE_PERMISSIONS) as CaregiverScope[]).filter((scope) =>
    auths.includes(SCOPE_PERMISSIONS[scope]),
  );

/** The longest a grant may run; the patient renews it after that. */
export const GRANT_MAX_DAYS = 3 * 366;
/** How long an invitation link stays valid. */
export const GRANT_INVITE_DAYS = 14;
export const RELATIONSHIP_MAX_LENGTH = 60;
/** The authority document staff attach to a grant: a PDF, at most 5 MB decoded (10413, 10415). */
export const AUTHORITY_MAX_BYTES = 5 * 1024 * 1024;

/** 10400 messages at `token` (read and respond): clients choose their translated text by them. */
export const INVITATION_REFUSALS = {
  invalid: 'This link is invalid or has expired',
  otherAccount: 'This invitation was sent to another e-mail address',
} as const;

/** Refusals of inviting and recording a grant (10400 unless said), at the path named. */
export const GRANT_REFUSALS = {
  /** `email`: a patient cannot be their own caregiver. */
  ownEmail: 'You cannot invite yourself',
  /** `ends_on`: before today, or more than GRANT_MAX_DAYS ahead. */
  endsOn: 'The end date must be from today and at most three years ahead',
  /** `scopes`: sign_documents while the clinic does not allow representative signing. */
  signingNotAllowed: 'The clinic has not allowed signing as authorised representative for this patient',
  /** 10409 at `email`: this patient already has an invited or active grant for the address. */
  duplicate: 'This address already has an invitation or a grant for this record',
  /** 10403: staff recording a scope whose permission (SCOPE_PERMISSIONS) they do not hold. */
  beyondOwnPermissions: 'You can only let a caregiver see or do what you may see or do yourself',
} as const;

export const GrantStatus = z.enum(['invited', 'active', 'declined', 'revoked', 'expired']);
export type GrantStatus = z.infer<typeof GrantStatus>;

const scopeList = z
  .array(CaregiverScope)
  .min(1, 'Choose at least one thing they may do')
  .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once')
  .refine(
    (scopes) => scopes.every((s) => !SCOPE_NEEDS[s] || scopes.includes(SCOPE_NEEDS[s])),
    'Filling in or signing needs the matching see',
  );

const grantTerms = {
  email: emailSchema,
  relationship: z.string().trim().min(1).max(RELATIONSHIP_MAX_LENGTH),
  scopes: scopeList,
  /** The last day the grant holds; judged against the clinic's today on the server. */
  ends_on: isoDate,
};

/** A grant as the patient (and staff on the chart) sees it. */
export const caregiverGrant = z.object({
  id: z.uuid(),
  caregiver_email: z.string(),
  /** The caregiver's account name once accepted; null while invited. */
  caregiver_name: z.string().nullable(),
  relationship: z.string(),
  scopes: z.array(CaregiverScope),
  ends_on: isoDate,
  status: GrantStatus,
  source: GrantSource,
  /** For a grant the clinic recorded: the staff member who recorded it (not PHI of the patient). */
  recorded_by: z.string().nullable(),
  authority: z.object({ kind: AuthorityKind, file_name: z.string() }).nullable(),
  created_at: isoTime,
  accepted_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
});
export type CaregiverGrant = z.infer<typeof caregiverGrant>;

/** A live grant as the caregiver holds it: whose record they may open and what they may do. */
export const actingForGrant = z.object({
  id: z.uuid(),
  patient_id: z.uuid(),
  patient_name: z.string(),
  relationship: z.string(),
  scopes: z.array(CaregiverScope),
  ends_on: isoDate,
});
export type ActingForGrant = z.infer<typeof actingForGrant>;

/** `GET /account/caregivers/` (sealed): grants the user gave and live grants they hold. */
export const caregiversOverview = z.object({
  given: z.array(caregiverGrant),
  received: z.array(actingForGrant),
  /** Whether the clinic lets this patient's caregivers sign as authorised representative. */
  representative_signing_allowed: z.boolean(),
  /**
   * Whether the signed-in account is a patient (decision 0032): false for one that joined only to
   * help, whose portal then offers no record of its own. Absent in an earlier release's answer,
   * where every account was a patient.
   */
  is_patient: z.boolean().optional(),
});
export type CaregiversOverview = z.infer<typeof caregiversOverview>;

/**
 * `POST /account/caregivers/invite/` (sealed body, sealed answer: the new `caregiverGrant`): an
 * e-mail with a link goes to the caregiver.
 */
export const inviteCaregiverRequest = z.object(grantTerms);
export type InviteCaregiverRequest = z.input<typeof inviteCaregiverRequest>;

/**
 * `POST /account/caregivers/revoke/` (sealed answer: the `caregiverGrant`, revoked) and the chart's
 * `POST /admin/patients/:id/caregivers/revoke/` (sealed answer: `chartCaregivers`): ends the grant
 * at once. Another patient's grant answers 10404; a grant already ended (declined, revoked) 10409.
 * Also `GET /admin/patients/:id/caregivers/authority/?id=` (sealed answer: `documentPdf`).
 */
export const grantIdRequest = z.object({ id: z.uuid() });

/** `POST /account/caregivers/invitation/` (sealed answer): what the link offers, for the signed-in invitee. */
export const invitationRequest = z.object({ token: z.string().min(16).max(200) });
export const invitationPreview = z.object({
  /** Whose record the grant opens: the accept page opens it by this id once accepted. */
  patient_id: z.uuid(),
  patient_name: z.string(),
  relationship: z.string(),
  scopes: z.array(CaregiverScope),
  ends_on: isoDate,
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/**
 * `POST /account/caregivers/respond/` (sealed answer: the caller's `caregiversOverview`): the
 * signed-in invitee, whose e-mail the invitation names, answers it.
 */
export const invitationResponse = invitationRequest.extend({ decision: z.enum(['accept', 'decline']) });
export type InvitationResponse = z.infer<typeof invitationResponse>;

/** `GET /account/caregivers/activity/` (sealed): what caregivers did on the patient's record, newest first. */
export const caregiverActivity = z.object({
  items: z.array(
    z.object({
      at: isoTime,
      caregiver_name: z.string(),
      grant_id: z.uuid(),
      action: z.enum(AUDIT_ACTIONS),
      target: z.string().nullable(),
    }),
  ),
});
export type CaregiverActivity = z.infer<typeof caregiverActivity>;

/** `GET /admin/patients/:id/caregivers/` (sealed). */
export const chartCaregivers = z.object({
  representative_signing_allowed: z.boolean(),
  grants: z.array(caregiverGrant),
});
export type ChartCaregivers = z.infer<typeof chartCaregivers>;

/**
 * `POST /admin/patients/:id/caregivers/` (sealed body, sealed answer: `chartCaregivers`): staff
 * record a grant with its authority (a PDF); the caregiver is invited by e-mail as by the patient.
 */
export const recordGrantRequest = z.object({
  ...grantTerms,
  authority_kind: AuthorityKind,
  authority_file_name: z.string().trim().min(1).max(200),
  authority_pdf: z.string().describe('base64 of the PDF that gives the authority'),
});
export type RecordGrantRequest = z.input<typeof recordGrantRequest>;

/** `POST /admin/patients/:id/representative_signing/` (sealed answer: `chartCaregivers`). */
export const representativeSigningRequest = z.object({ allowed: z.boolean() });
