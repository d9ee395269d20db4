import {
  REPRESENTATIVE_SIGNING_PERMISSION,
  WORKLIST_PERMISSIONS,
  type CaregiverScope,
  type StaffPermission,
} from '@portal/protocol';
import type { RawRequest, SecurityWorld } from './attacks.ts';

/**
 * Who may call a route: `public` (no token), `signed-in` (any role), `patient` (roles
 * ['user']: an admin token answers 10403), `admin` (roles ['admin']).
 */
export type Access = 'public' | 'signed-in' | 'patient' | 'admin';

/** A staff permission, or a list of which any one will do (as in a route's `config.permission`). */
export type RoutePermission = StaffPermission | readonly StaffPermission[];

export interface RouteRule {
  access: Access;
  /** Every `admin` route: the staff permission it needs (decision 0012-staff-permissions). */
  permission?: RoutePermission;
  /**
   * The grant scope that lets a caregiver use this patient route for a patient (decision 0023);
   * absent, the acting-for header answers 10403.
   */
  caregiver?: CaregiverScope;
  /**
   * The caller's own patient record that no caregiver scope opens: a caregiver-only account
   * answers 10403 there, as on every route a scope opens (decision 0032).
   */
  patientRecord?: true;
  /** The messenger: a caregiver-only account may use it for itself (decision 0033). */
  caregiverOnlyToo?: true;
  /** Allowed calls end the caller's session: the matrix runs them on a throwaway sign-in. */
  endsSession?: true;
  /**
   * A request naming a record that belongs to patient A: patient A reaches it, patient B
   * gets 10404 'Items not found' exactly as for a missing record (IDOR check).
   */
  ownedBy?: (w: SecurityWorld) => { request: RawRequest; ownerMayRepeat: boolean };
}

const staff = (permission: RoutePermission): RouteRule => ({ access: 'admin', permission });
/** The users list and detail: front desk manages accounts, clinicians find the chart to open. */
const USERS_READERS = ['manage_users', 'read_chart'] as const;
/** A patient's caregivers: clinicians read them on the chart, front desk records and ends them. */
const CHART_CAREGIVER_READERS = ['read_chart', 'manage_users'] as const;
/** Orders: the desk runs them, clinicians prescribe from the catalogue and follow them. */
const ORDER_READERS = ['manage_orders', 'read_chart'] as const;

/**
 * Every API route, classified by hand. The access matrix checks each route's config against
 * this table and fails on a route missing here, so a new route cannot ship unreviewed:
 * add it with the access it is meant to have (and `ownedBy` when it takes a record id).
 */
export const ROUTE_RULES: Record<string, RouteRule> = {
  'POST /token/handshake_any/': { access: 'public' },
  'POST /token/': { access: 'public' },
  'POST /token/mfa/': { access: 'public' },
  'POST /token/refresh/': { access: 'public' },
  'POST /token/logout/': { access: 'signed-in', endsSession: true },
  'POST /token/signup/': { access: 'public' },
  'POST /token/verify-email/': { access: 'public' },
  'POST /token/password/reset/': { access: 'public' },
  'POST /token/password/reset/confirm/': { access: 'public' },
  'POST /token/invite/accept/': { access: 'public' },
  'GET /public/config/': { access: 'public' },
  'GET /public/logo/': { access: 'public' },
  'GET /patient/event/': { access: 'signed-in' },
  'GET /account/mfa/': { access: 'signed-in' },
  'POST /account/mfa/start/': { access: 'signed-in' },
  'POST /account/mfa/confirm/': { access: 'signed-in' },
  'POST /account/mfa/disable/': { access: 'signed-in' },
  'GET /account/sessions/': { access: 'signed-in' },
  'POST /account/sessions/end/': {
    access: 'signed-in',
    ownedBy: (w) => ({
      request: { method: 'POST', path: '/account/sessions/end/', body: { id: w.sessionOfA } },
      ownerMayRepeat: false,
    }),
  },
  'POST /account/sessions/end-others/': { access: 'signed-in' },
  'GET /account/session/': { access: 'signed-in' },
  'GET /account/notifications/': staff('manage_documents'),
  'POST /account/notifications/': staff('manage_documents'),
  'POST /account/session/extend/': { access: 'signed-in' },

  'GET /patient/profile/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/profile/': { access: 'patient', caregiver: 'fill_intake' },
  'GET /patient/contact/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/contact/': { access: 'patient', caregiver: 'fill_intake' },
  'GET /patient/emergency_content/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/emergency_content/': { access: 'patient', caregiver: 'fill_intake' },
  'GET /patient/treating_practitioner/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/treating_practitioner/': { access: 'patient', caregiver: 'fill_intake' },
  'GET /patient/medical_history/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/medical_history/': { access: 'patient', caregiver: 'fill_intake' },
  'GET /patient/insurance/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/insurance/': { access: 'patient', caregiver: 'fill_intake' },
  'POST /patient/insurance/delete/': { access: 'patient', caregiver: 'fill_intake' },
  'GET /patient/insurance/card/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/insurance/card/': { access: 'patient', caregiver: 'fill_intake' },
  'GET /patient/intake/': { access: 'patient', caregiver: 'view_intake' },
  'GET /patient/intake/review/': { access: 'patient', caregiver: 'view_intake' },
  'POST /patient/intake/submit/': { access: 'patient', caregiver: 'fill_intake' },
  // The whole record, assessments included: the patient's own right of access, no caregiver's.
  'GET /patient/export/fhir/': { access: 'patient', patientRecord: true },
  'GET /patient/bf_adl/': { access: 'patient', caregiver: 'view_assessments' },
  'POST /patient/bf_adl/': { access: 'patient', caregiver: 'fill_assessments' },
  'GET /patient/documents/': { access: 'patient', caregiver: 'view_documents' },
  'GET /patient/document/': {
    access: 'patient',
    caregiver: 'view_documents',
    ownedBy: (w) => ({
      request: { method: 'GET', path: '/patient/document/', query: { id: w.documentOfA } },
      ownerMayRepeat: true,
    }),
  },
  'GET /patient/sign/': {
    access: 'patient',
    caregiver: 'sign_documents',
    ownedBy: (w) => ({
      request: { method: 'GET', path: '/patient/sign/', query: { id: w.documentOfA } },
      ownerMayRepeat: true,
    }),
  },
  'POST /patient/sign/': {
    access: 'patient',
    caregiver: 'sign_documents',
    ownedBy: (w) => ({
      request: {
        method: 'POST',
        path: '/patient/sign/',
        seal: true,
        body: { id: w.documentOfA, action: 'reject', reason: 'Not my document' },
      },
      ownerMayRepeat: false,
    }),
  },

  'GET /patient/messages/': { access: 'patient', caregiver: 'write_messages', caregiverOnlyToo: true },
  'POST /patient/messages/': { access: 'patient', caregiver: 'write_messages', caregiverOnlyToo: true },
  'POST /patient/messages/read/': { access: 'patient', caregiver: 'write_messages', caregiverOnlyToo: true },
  'GET /patient/messages/attachment/': {
    access: 'patient',
    caregiver: 'write_messages',
    caregiverOnlyToo: true,
    ownedBy: (w) => ({
      request: { method: 'GET', path: '/patient/messages/attachment/', query: { id: w.attachmentOfA } },
      ownerMayRepeat: true,
    }),
  },
  'GET /token/zendesk/': { access: 'signed-in' },
  // Decision 0035: "My equipment"; choosing a window is acting on the order, writing about it is messaging.
  'GET /patient/orders/': { access: 'patient', caregiver: 'view_orders' },
  'POST /patient/orders/slot/': {
    access: 'patient',
    caregiver: 'act_on_orders',
    ownedBy: (w) => ({
      request: {
        method: 'POST',
        path: '/patient/orders/slot/',
        seal: true,
        // No window is on offer: the owner is told so (10400), another patient 10404.
        body: { id: w.orderOfA, version: 99, slot_id: w.orderOfA },
      },
      ownerMayRepeat: false,
    }),
  },
  'POST /patient/orders/message/': {
    access: 'patient',
    caregiver: 'write_messages',
    ownedBy: (w) => ({
      request: {
        method: 'POST',
        path: '/patient/orders/message/',
        seal: true,
        body: { id: w.orderOfA, topic: 'fault', text: 'The brake slips' },
      },
      ownerMayRepeat: true,
    }),
  },

  'GET /admin/messages/': staff('answer_messages'),
  'GET /admin/messages/thread/': staff('answer_messages'),
  'POST /admin/messages/reply/': staff('answer_messages'),
  'POST /admin/messages/assign/': staff('answer_messages'),
  'POST /admin/messages/status/': staff('answer_messages'),
  'GET /admin/messages/assignees/': staff('answer_messages'),
  'GET /admin/messages/attachment/': staff('answer_messages'),
  'POST /admin/settings/signing_certificate/': staff('manage_settings'),
  'GET /admin/users/': staff(USERS_READERS),
  'GET /admin/user/': staff(USERS_READERS),
  'POST /admin/users/invite/': staff('manage_users'),
  'POST /admin/users/action/': staff('manage_users'),
  'POST /admin/users/access/': staff('manage_users'),
  'GET /admin/audit/': staff('read_audit'),
  'GET /admin/audit/export/': staff('read_audit'),
  'GET /admin/settings/': staff('manage_settings'),
  'GET /admin/fhir-clients/': staff('manage_settings'),
  'POST /admin/fhir-clients/': staff('manage_settings'),
  'POST /admin/fhir-clients/revoke/': staff('manage_settings'),
  'POST /admin/settings/': staff('manage_settings'),
  // Decision 0038: the clinic's webhook endpoints and their delivery log.
  'GET /admin/webhooks/': staff('manage_settings'),
  'POST /admin/webhooks/': staff('manage_settings'),
  'POST /admin/webhooks/update/': staff('manage_settings'),
  'POST /admin/webhooks/delete/': staff('manage_settings'),
  'POST /admin/webhooks/rotate/': staff('manage_settings'),
  'POST /admin/webhooks/test/': staff('manage_settings'),
  'GET /admin/webhooks/messages/': staff('manage_settings'),
  'POST /admin/webhooks/messages/resend/': staff('manage_settings'),
  'GET /admin/documents/templates/': staff('manage_documents'),
  'POST /admin/documents/templates/': staff('manage_documents'),
  'POST /admin/documents/templates/fields/': staff('manage_documents'),
  'GET /admin/documents/assignments/': staff('manage_documents'),
  'POST /admin/documents/assignments/': staff('manage_documents'),
  'GET /admin/documents/assignment/': staff('manage_documents'),
  'POST /admin/documents/assignment/action/': staff('manage_documents'),
  'GET /admin/documents/assignment/pdf/': staff('manage_documents'),
  'GET /admin/documents/library/': staff('manage_documents'),
  'GET /admin/documents/library/template/': staff('manage_documents'),
  'POST /admin/documents/library/template/': staff('manage_documents'),
  'POST /admin/documents/library/edition/': staff('manage_documents'),
  'POST /admin/documents/library/fields/': staff('manage_documents'),
  'POST /admin/documents/library/publish/': staff('manage_documents'),
  'POST /admin/documents/library/retire/': staff('manage_documents'),
  'GET /admin/documents/library/pdf/': staff('manage_documents'),
  'GET /admin/patients/:id/chart/:section/': staff('read_chart'),
  'GET /admin/patients/:id/chart/insurance/card/': staff('read_chart'),
  'GET /admin/patients/:id/review/': staff('read_chart'),
  'POST /admin/patients/:id/review/': staff('review_intake'),
  'POST /admin/patients/:id/review/reopen/': staff('review_intake'),
  'POST /admin/documents/assignment/resend/': staff('manage_documents'),
  'GET /admin/catalogue/': staff(ORDER_READERS),
  'POST /admin/catalogue/': staff('manage_orders'),
  'GET /admin/orders/': staff(ORDER_READERS),
  'POST /admin/orders/': staff('read_chart'),
  'POST /admin/orders/move/': staff(ORDER_READERS),
  'POST /admin/orders/slots/': staff('manage_orders'),
  'POST /admin/orders/slot/': staff('manage_orders'),
  'GET /admin/worklist/': staff(WORKLIST_PERMISSIONS),
  'POST /admin/worklist/assign/': staff(WORKLIST_PERMISSIONS),
  'GET /admin/worklist/assignees/': staff(WORKLIST_PERMISSIONS),
  'GET /admin/patients/:id/export/fhir/': staff('read_chart'),
  'GET /admin/patients/:id/export/pdf/': staff('read_chart'),

  // Decision 0023: the account's own grants (a caregiver's acting-for header answers 10403 there).
  'GET /account/caregivers/': { access: 'patient' },
  'POST /account/caregivers/invite/': { access: 'patient', patientRecord: true },
  'POST /account/caregivers/revoke/': {
    access: 'patient',
    ownedBy: (w) => ({
      request: { method: 'POST', path: '/account/caregivers/revoke/', seal: true, body: { id: w.grantOfA } },
      ownerMayRepeat: false,
    }),
  },
  'POST /account/caregivers/invitation/': { access: 'patient' },
  'POST /account/caregivers/respond/': { access: 'patient' },
  'GET /account/caregivers/activity/': { access: 'patient' },
  'GET /admin/patients/:id/caregivers/': staff(CHART_CAREGIVER_READERS),
  'POST /admin/patients/:id/caregivers/': staff('manage_users'),
  'POST /admin/patients/:id/caregivers/revoke/': staff('manage_users'),
  'GET /admin/patients/:id/caregivers/authority/': staff(CHART_CAREGIVER_READERS),
  'POST /admin/patients/:id/representative_signing/': staff(REPRESENTATIVE_SIGNING_PERMISSION),
  // Another patient's order or prompt answers 10404 there: test/modules/orders/{delivery,resupply}.test.ts.
  'POST /patient/orders/deliver/': { access: 'patient', caregiver: 'act_on_orders' },
  'GET /patient/orders/proof/': { access: 'patient', caregiver: 'view_orders' },
  'GET /admin/orders/proof/': staff(['manage_orders', 'read_chart']),
  'POST /patient/orders/resupply/': { access: 'patient', caregiver: 'act_on_orders' },
};

/**
 * A route of the FHIR API (`/fhir/R4`, modules/fhir), which checks its own bearer tokens:
 * `public` routes take none (discovery, the token endpoint); `client` routes answer 401 without
 * a valid token, and to a token with no scope `withoutScope`: 403, or 404 where the route serves
 * the client's own records by id (an export's status and files).
 */
export interface FhirRouteRule {
  access: 'public' | 'client';
  withoutScope?: 403 | 404;
  /**
   * Decision 0036: a route of every served type (`:type`) needs this interaction of the SMART
   * scope on that type (`r` read, `s` search); a portal session token is no token there (401).
   */
  interaction?: 'r' | 's';
}

export const FHIR_ROUTE_RULES: Record<string, FhirRouteRule> = {
  'GET /fhir/R4/metadata': { access: 'public' },
  'GET /fhir/R4/:type': { access: 'client', withoutScope: 403, interaction: 's' },
  'GET /fhir/R4/:type/:id': { access: 'client', withoutScope: 403, interaction: 'r' },
  // Decision 0037: SMART discovery and the token endpoint; the token endpoint's attack tests are
  // test/modules/fhir/smart/token-endpoint.test.ts.
  'GET /fhir/R4/.well-known/smart-configuration': { access: 'public' },
  'POST /fhir/R4/auth/token': { access: 'public' },
  // Decision 0039: Bulk Data export; another client's export is 404 (test/modules/fhir/bulk-export.test.ts).
  'GET /fhir/R4/Patient/$export': { access: 'client', withoutScope: 403 },
  'GET /fhir/R4/Group/:id/$export': { access: 'client', withoutScope: 403 },
  'GET /fhir/R4/Group/:id': { access: 'client', withoutScope: 403 },
  'GET /fhir/R4/$export-status/:id': { access: 'client', withoutScope: 404 },
  'DELETE /fhir/R4/$export-status/:id': { access: 'client', withoutScope: 404 },
  'GET /fhir/R4/$export-file/:id': { access: 'client', withoutScope: 404 },
};

/**
 * Routes outside `/backend/api/v1`, which the auth plugin does not guard: only these and the
 * built web app's static files may exist, so a route registered outside the prefix by
 * mistake (and thus unauthenticated) fails.
 */
export const OUTSIDE_API = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /backend/api/docs',
  'GET /backend/api/docs/json',
  'GET /backend/api/docs/yaml',
  'GET /backend/api/docs/static/*',
  'GET /backend/api/docs/static/index.html',
  'GET /backend/api/docs/static/swagger-initializer.js',
  // Guarded by its own METRICS_TOKEN (plugins/metrics.ts); refused without it, checked below.
  'GET /metrics',
]);

/** A permission requirement written one way, for comparing a route's config with its rule. */
export function permissionKey(permission: RoutePermission | undefined): string {
  if (permission === undefined) return 'none';
  return (typeof permission === 'string' ? [permission] : [...permission]).sort().join(' or ');
}

/** Whether a holder of these auths passes the requirement. */
export function permits(auths: readonly string[], permission: RoutePermission): boolean {
  return (typeof permission === 'string' ? [permission] : permission).some((p) => auths.includes(p));
}

/** The access a route's config grants, in the table's terms. */
export function accessOf(config: { public?: boolean; roles?: readonly string[] }): Access | 'unclear' {
  if (config.public) return config.roles ? 'unclear' : 'public';
  if (!config.roles) return 'signed-in';
  const roles = [...config.roles].sort().join(',');
  if (roles === 'user') return 'patient';
  if (roles === 'admin') return 'admin';
  if (roles === 'admin,user') return 'signed-in';
  return 'unclear';
}
