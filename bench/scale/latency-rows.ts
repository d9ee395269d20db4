import { userPage, WORKLIST_QUEUES } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { bornOn } from '@portal/server/testing';

/** A staff member switching queues, typing a search or opening a chart sees the answer at once. */
const PAGE_P99_MS = 100;
/** The audit viewer is an investigator's tool over the biggest table: a little more time. */
const AUDIT_P99_MS = 200;

export interface LatencyRow {
  name: string;
  /** Path and query under the API prefix. */
  path: string;
  maxP99Ms: number;
}

async function userId(admin: PortalClient, email: string): Promise<string> {
  const id = userPage.parse(await admin.get('/admin/users/', { q: email })).items[0]?.id;
  if (id === undefined) throw new Error(`no user ${email}: was the clinic group seeded?`);
  return id;
}

/**
 * Every read the scale bench loads as the demo administrator, as data: the worklist's queues, the
 * users page's search by name and e-mail, the worklist's search by date of birth (the one staff
 * search that takes a date; it is sealed in the profile), a patient's audit trail and the audit
 * log's filters. Patient `patients / 2` and staff member 7 of the seed are the ones looked up.
 */
export async function latencyRows(admin: PortalClient, patients: number, now: Date): Promise<LatencyRow[]> {
  const n = Math.floor(patients / 2);
  const patientId = await userId(admin, `bench-${n}@example.com`);
  const staffId = await userId(admin, 'scale-staff-7@example.com');
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const monthsAgo = new Date(now.getTime() - 200 * 86_400_000).toISOString();
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    ...WORKLIST_QUEUES.map((queue) => ({
      name: `worklist ${queue}`,
      path: `/admin/worklist/?${query({ queue })}`,
      maxP99Ms: PAGE_P99_MS,
    })),
    {
      name: 'worklist orders_on_hold, one reason',
      path: `/admin/worklist/?${query({ queue: 'orders_on_hold', hold_reason: 'insurance_issue' })}`,
      maxP99Ms: PAGE_P99_MS,
    },
    {
      name: 'users: search name "wei wa"',
      path: `/admin/users/?${query({ q: 'wei wa' })}`,
      maxP99Ms: PAGE_P99_MS,
    },
    {
      name: `users: search e-mail "bench-${n}@"`,
      path: `/admin/users/?${query({ q: `bench-${n}@` })}`,
      maxP99Ms: PAGE_P99_MS,
    },
    {
      name: 'worklist search: date of birth',
      path: `/admin/worklist/?${query({ queue: 'intake_new', q: bornOn(n) })}`,
      maxP99Ms: PAGE_P99_MS,
    },
    {
      name: "audit: a patient's trail",
      path: `/admin/audit/?${query({ subject: patientId })}`,
      maxP99Ms: AUDIT_P99_MS,
    },
    {
      name: 'audit: by actor (staff)',
      path: `/admin/audit/?${query({ actor: staffId })}`,
      maxP99Ms: AUDIT_P99_MS,
    },
    {
      name: 'audit: by action "chart.read"',
      path: `/admin/audit/?${query({ action: 'chart.read' })}`,
      maxP99Ms: AUDIT_P99_MS,
    },
    { name: 'audit: last 7 days', path: `/admin/audit/?${query({ from: weekAgo })}`, maxP99Ms: AUDIT_P99_MS },
    {
      name: 'audit: a week 200 days ago, action "login"',
      path: `/admin/audit/?${query({ action: 'login', from: monthsAgo, to: new Date(Date.parse(monthsAgo) + 7 * 86_400_000).toISOString() })}`,
      maxP99Ms: AUDIT_P99_MS,
    },
  ];
}
