import {
  CHART_SECTIONS,
  WORKLIST_QUEUES,
  type ChartCaregivers,
  type ChartInsurance,
  type ClinicThread,
  type DocumentsPage,
  type InboxPage,
  type PatientThread,
  type UserPage,
} from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { DEMO_ADMIN } from '../test-portal.ts';
import {
  CLOCK_QUEUES,
  comparable,
  WEBHOOK_LOG_ROUTE,
  WORKLIST_ROUTE,
  type RecordedRead,
} from './manifest.ts';

/** The accounts the scenario signed in, and the patients it describes. */
export interface World {
  baseUrl: string;
  dataDir: string;
  admin: PortalClient;
  /** Patients by e-mail. */
  clients: Map<string, PortalClient>;
  /** Invited staff by e-mail. */
  staff: Map<string, PortalClient>;
  /** Every patient whose record the manifest describes (the scenario's and the demo's), e-mail to id. */
  ids: Map<string, string>;
}

type PlannedRead = Omit<RecordedRead, 'answer'>;

/** An account's own pages, the whole of what an account that joined only to help has. */
const ACCOUNT_ROUTES = ['/account/mfa/', '/account/caregivers/', '/account/caregivers/activity/'];

const PATIENT_ROUTES = [
  '/patient/profile/',
  '/patient/contact/',
  '/patient/emergency_content/',
  '/patient/treating_practitioner/',
  '/patient/medical_history/',
  '/patient/insurance/',
  '/patient/intake/',
  '/patient/intake/review/',
  '/patient/bf_adl/',
  '/patient/messages/',
  ...ACCOUNT_ROUTES,
];

/** The clinic's reads of each described patient: documents, BF-ADL, every chart section and card, the review. */
async function chartReads(w: World, patientId: string): Promise<PlannedRead[]> {
  const admin = DEMO_ADMIN.email;
  const chart = `/admin/patients/${patientId}/chart/`;
  const plan: PlannedRead[] = [
    { as: admin, path: '/admin/documents/assignments/', query: { patient_id: patientId } },
    { as: admin, path: `/admin/patients/${patientId}/review/` },
    ...CHART_SECTIONS.map((section) => ({ as: admin, path: `${chart}${section}/` })),
  ];
  plan.push({ as: admin, path: `/admin/patients/${patientId}/caregivers/` });
  const { grants } = await w.admin.get<ChartCaregivers>(`/admin/patients/${patientId}/caregivers/`);
  for (const grant of grants.filter((g) => g.authority)) {
    plan.push({
      as: admin,
      path: `/admin/patients/${patientId}/caregivers/authority/`,
      query: { id: grant.id },
    });
  }
  const insurance = await w.admin.get<{ value: ChartInsurance | null }>(`${chart}insurance/`);
  for (const coverage of insurance.value?.coverages ?? []) {
    for (const card of [coverage.cards.front, coverage.cards.back]) {
      if (card) plan.push({ as: admin, path: `${chart}insurance/card/`, query: { sha256: card.sha256 } });
    }
  }
  return plan;
}

/** The worklist as the clinic administrator (each queue the clock leaves alone) and as each invited staff member. */
function worklistReads(w: World): PlannedRead[] {
  return [
    ...WORKLIST_QUEUES.filter((queue) => !CLOCK_QUEUES.includes(queue)).map((queue) => ({
      as: DEMO_ADMIN.email,
      path: WORKLIST_ROUTE,
      query: { queue },
    })),
    ...[...w.staff.keys()].flatMap((email) => [
      { as: email, path: WORKLIST_ROUTE },
      { as: email, path: '/account/notifications/' },
    ]),
  ];
}

async function patientReads(email: string, client: PortalClient): Promise<PlannedRead[]> {
  // Opening a reference document marks it read: opened before any read is recorded, so each
  // recorded answer shows it read, as every later read will.
  const references = await client.get<DocumentsPage>('/patient/documents/', { kind: 'reference' });
  for (const item of references.items) await client.get('/patient/document/', { id: item.id });
  const plan: PlannedRead[] = PATIENT_ROUTES.map((path) => ({ as: email, path }));
  const coverages =
    await client.get<{ value: { insurance_type: string }; cards: Record<string, unknown> }[]>(
      '/patient/insurance/',
    );
  for (const c of coverages) {
    for (const side of ['front', 'back'].filter((s) => c.cards[s])) {
      plan.push({
        as: email,
        path: '/patient/insurance/card/',
        query: { insurance_type: c.value.insurance_type, side },
      });
    }
  }
  for (const kind of ['signature', 'reference']) {
    plan.push({ as: email, path: '/patient/documents/', query: { kind } });
    const page = await client.get<DocumentsPage>('/patient/documents/', { kind });
    for (const item of page.items)
      plan.push({ as: email, path: '/patient/document/', query: { id: item.id } });
  }
  const thread = await client.get<PatientThread>('/patient/messages/');
  for (const m of thread.messages.filter((m) => m.attachment)) {
    plan.push({ as: email, path: '/patient/messages/attachment/', query: { id: m.attachment!.id } });
  }
  return plan;
}

/**
 * The scenario's caregivers who had no record of their own when they accepted (decision 0032):
 * they have no chart and no patient pages to read.
 */
async function caregiverOnlyAccounts(w: World): Promise<Set<string>> {
  const users = await w.admin.get<UserPage>('/admin/users/', { page_size: '100' });
  return new Set(users.items.filter((user) => !user.is_patient).map((user) => user.email));
}

/** Every read whose answer the upgrade must keep, per account. */
export async function readPlan(w: World, signed: string[]): Promise<PlannedRead[]> {
  const admin = DEMO_ADMIN.email;
  // The logo's bytes come back in the settings (the public route answers the raw image).
  const plan: PlannedRead[] = [
    { as: '', path: '/public/config/' },
    ...[
      '/admin/settings/',
      '/admin/users/',
      '/admin/documents/templates/',
      '/admin/documents/library/',
      '/admin/messages/',
      '/admin/messages/assignees/',
      '/account/notifications/',
      '/admin/fhir-clients/',
      '/admin/webhooks/',
    ].map((path) => ({ as: admin, path })),
    // The whole delivery log: what the scenario's steps queued for the clinic's endpoint.
    { as: admin, path: WEBHOOK_LOG_ROUTE, query: { page_size: '100' } },
  ];
  const inbox = await w.admin.get<InboxPage>('/admin/messages/');
  // Opening a thread marks the patient's messages read: one with unread messages stays closed.
  for (const thread of inbox.items.filter((t) => t.unread === 0)) {
    plan.push({ as: admin, path: '/admin/messages/thread/', query: { id: thread.id } });
    const detail = await w.admin.get<ClinicThread>('/admin/messages/thread/', { id: thread.id });
    for (const m of detail.messages.filter((m) => m.attachment)) {
      plan.push({ as: admin, path: '/admin/messages/attachment/', query: { id: m.attachment!.id } });
    }
  }
  const helpersOnly = await caregiverOnlyAccounts(w);
  for (const [email, id] of w.ids) if (!helpersOnly.has(email)) plan.push(...(await chartReads(w, id)));
  for (const id of signed) plan.push({ as: admin, path: '/admin/documents/assignment/pdf/', query: { id } });
  plan.push(...worklistReads(w));
  for (const [email, client] of w.clients) {
    plan.push(
      ...(helpersOnly.has(email)
        ? ACCOUNT_ROUTES.map((path) => ({ as: email, path }))
        : await patientReads(email, client)),
    );
  }
  return plan;
}

export async function perform(w: World, plan: PlannedRead[]): Promise<RecordedRead[]> {
  const reads: RecordedRead[] = [];
  const anonymous = new PortalClient({ baseUrl: w.baseUrl });
  await anonymous.handshake();
  const clientOf = (as: string) =>
    as === '' ? anonymous : as === DEMO_ADMIN.email ? w.admin : (w.clients.get(as) ?? w.staff.get(as)!);
  for (const step of plan) {
    const answer = await clientOf(step.as).get(step.path, step.query);
    reads.push({ ...step, answer: comparable(answer, step.path) });
  }
  return reads;
}
