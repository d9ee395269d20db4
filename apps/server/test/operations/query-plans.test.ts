import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPage, WORKLIST_QUEUES } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../testing/test-portal.ts';
import { freshPglite } from '../../testing/pglite-template.ts';

/**
 * The statements behind the hot routes can each be served by an index, so
 * they stay fast as events, audit rows, documents and messages pile up. The statements are
 * the real ones: recorded from the portal's own database connection while a patient and an
 * administrator call the routes, then planned with sequential scans priced out
 * (`enable_seqscan = off`): a sequential scan left in such a plan means no index can serve it.
 *
 * The planner answers this the same way on PGlite and PostgreSQL (same schema, same
 * indexes), so the test records on PGlite, where every statement passes through one client.
 */

interface Recorded {
  sql: string;
  params: unknown[];
}

// Tables that stay small whatever the clinic's size: scanning them whole is the best plan.
const SMALL_TABLES = new Set(['settings', 'document_templates', 'document_template_fields']);

/** The hot routes, by who calls them; the event poll runs with and without a pending event. */
const HOT_CALLS: {
  name: string;
  call: (c: { patient: PortalClient; admin: PortalClient; patientId: string }) => Promise<unknown>;
}[] = [
  { name: 'event poll, nothing pending', call: ({ patient }) => patient.get('/patient/event/') },
  {
    name: 'event poll, an event pending',
    call: async ({ patient, admin }) => {
      await patient.post('/patient/messages/', { text: 'Hello' }, { encrypt: true });
      return admin.get('/patient/event/');
    },
  },
  { name: 'patient insurance (sealed read)', call: ({ patient }) => patient.get('/patient/insurance/') },
  {
    name: 'patient profile with its draft (sealed read)',
    call: ({ patient }) => patient.get('/patient/profile/'),
  },
  { name: 'patient documents list', call: ({ patient }) => patient.get('/patient/documents/') },
  { name: 'patient messages', call: ({ patient }) => patient.get('/patient/messages/') },
  {
    name: 'documents of a patient (admin)',
    call: ({ admin, patientId }) => admin.get('/admin/documents/assignments/', { patient_id: patientId }),
  },
  {
    name: 'audit of a patient over a month (admin)',
    call: ({ admin, patientId }) =>
      admin.get('/admin/audit/', {
        subject: patientId,
        from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
        to: new Date(Date.now() + 86_400_000).toISOString(),
      }),
  },
  { name: 'audit, newest first (admin)', call: ({ admin }) => admin.get('/admin/audit/') },
  {
    name: "audit of a patient's own actions (admin)",
    call: ({ admin, patientId }) => admin.get('/admin/audit/', { actor: patientId }),
  },
  // Each action a prefix names is read from audit_action_at_idx (decision 0043), with and without dates.
  {
    name: 'audit by action (admin)',
    call: ({ admin }) => admin.get('/admin/audit/', { action: 'admin.audit.read' }),
  },
  {
    name: 'audit by an action prefix over a week (admin)',
    call: ({ admin }) =>
      admin.get('/admin/audit/', {
        action: 'login',
        from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      }),
  },
  {
    name: 'users search by e-mail (admin)',
    call: ({ admin }) => admin.get('/admin/users/', { q: 'patient@' }),
  },
  { name: 'clinic inbox (admin)', call: ({ admin }) => admin.get('/admin/messages/', { status: 'open' }) },
  // The worklist counts every queue and pages one; each queue's page is its own statement.
  ...WORKLIST_QUEUES.map((queue) => ({
    name: `worklist, counts and a page of ${queue} (admin)`,
    call: ({ admin }: { admin: PortalClient }) => admin.get('/admin/worklist/', { queue }),
  })),
  ...WORKLIST_QUEUES.map((queue) => ({
    name: `worklist, a page of ${queue}, newest first (admin)`,
    call: ({ admin }: { admin: PortalClient }) => admin.get('/admin/worklist/', { queue, sort: 'newest' }),
  })),
  {
    name: 'worklist, orders on hold for one reason, searched (admin)',
    call: ({ admin }) =>
      admin.get('/admin/worklist/', { queue: 'orders_on_hold', hold_reason: 'insurance_issue', q: 'pat' }),
  },
  // By the date's keyed hash, and the queue's profiles not hashed yet (decision 0041).
  {
    name: 'worklist, searched by date of birth (admin)',
    call: ({ admin }) => admin.get('/admin/worklist/', { queue: 'bf_adl_due', q: '31/01/1950' }),
  },
];

/** Every statement the portal sends through this PGlite, also inside transactions. */
function recordStatements(pglite: PGlite): { statements: Recorded[]; recording: { on: boolean } } {
  const statements: Recorded[] = [];
  const recording = { on: false };
  const wrap = <T extends Pick<PGlite | Transaction, 'query'>>(target: T): T => {
    const query = target.query.bind(target);
    target.query = ((sql: string, params?: unknown[], options?: unknown) => {
      if (recording.on) statements.push({ sql, params: params ?? [] });
      return query(sql, params, options as never);
    }) as T['query'];
    return target;
  };
  wrap(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => callback(wrap(tx)))) as PGlite['transaction'];
  return { statements, recording };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** The nodes under the first Limit: what the statement does before it can stop reading. */
function underLimit(node: PlanNode): PlanNode[] {
  if (node['Node Type'] === 'Limit')
    return (node.Plans ?? []).flatMap(function all(n): PlanNode[] {
      return [n, ...(n.Plans ?? []).flatMap(all)];
    });
  return (node.Plans ?? []).flatMap(underLimit);
}

function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

describe('query plans of the hot routes', () => {
  let pglite: PGlite;
  let t: TestPortal;
  let recorded: ReturnType<typeof recordStatements>;
  let admin: PortalClient;
  const byCall = new Map<string, Recorded[]>();

  beforeAll(async () => {
    pglite = await freshPglite();
    recorded = recordStatements(pglite);
    t = await startTestPortal({ database: { pglite } });
    const patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const users = userPage.parse(await admin.get('/admin/users/', { q: DEMO_PATIENT.email }));
    const patientId = users.items[0]!.id;
    for (const hot of HOT_CALLS) {
      recorded.statements.length = 0;
      recorded.recording.on = true;
      await hot.call({ patient, admin, patientId });
      recorded.recording.on = false;
      byCall.set(hot.name, [...recorded.statements]);
    }
    await pglite.exec('set enable_seqscan = off');
  });

  afterAll(async () => {
    await t.close();
    await pglite.close();
  });

  it.each(HOT_CALLS.map((hot) => hot.name))('%s: every statement can be served by an index', async (name) => {
    const statements = byCall.get(name)!.filter((s) => DATA_STATEMENT.test(s.sql));
    expect(statements.length).toBeGreaterThan(0);
    const scans: string[] = [];
    for (const statement of statements) {
      const result = await pglite.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${statement.sql}`,
        statement.params,
      );
      const tables = sequentialScans(result.rows[0]!['QUERY PLAN'][0]!.Plan).filter(
        (table) => !SMALL_TABLES.has(table),
      );
      if (tables.length > 0) scans.push(`${tables.join(', ')} ← ${statement.sql.slice(0, 160)}`);
    }
    expect(scans).toEqual([]);
  });

  // Sorting priced out too: a sort left under the page's limit means no index yields the queue's
  // order, and the page would read every item of a crowded instant to return 25.
  it.each(
    WORKLIST_QUEUES.flatMap((queue) => [
      `worklist, counts and a page of ${queue} (admin)`,
      `worklist, a page of ${queue}, newest first (admin)`,
    ]),
  )('%s: the page is read in its order from an index', async (name) => {
    const [page] = byCall.get(name)!.filter((s) => /order by q\.at/.test(s.sql));
    expect(page).toBeDefined();
    await pglite.exec('set enable_sort = off; set enable_incremental_sort = off');
    try {
      const result = await pglite.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${page!.sql}`,
        page!.params,
      );
      const sorts = underLimit(result.rows[0]!['QUERY PLAN'][0]!.Plan).filter((node) =>
        node['Node Type'].endsWith('Sort'),
      );
      expect(sorts.map((node) => node['Node Type'])).toEqual([]);
    } finally {
      await pglite.exec('reset enable_sort; reset enable_incremental_sort');
    }
  });

  it.each(['audit by action (admin)', 'audit by an action prefix over a week (admin)'])(
    '%s: the page and its count read the action index',
    async (name) => {
      const reads = byCall.get(name)!.filter((s) => /from "audit_log"/.test(s.sql));
      const indexes: string[][] = [];
      for (const statement of reads) {
        const result = await pglite.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (format json) ${statement.sql}`,
          statement.params,
        );
        indexes.push(indexesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan));
      }
      expect(indexes.length).toBeGreaterThanOrEqual(2);
      expect(indexes.filter((used) => !used.includes('audit_action_at_idx'))).toEqual([]);
    },
  );

  // Planned as PostgreSQL would, sequential scans allowed, on statistics that have fallen behind:
  // taken when an action was a tenth of the log, before many rows of another action were written.
  // A count has no order of its own, and its planner then expected the cap within a short scan and
  // read the whole log for an action rarer than the cap (p99 597 ms at 1,000 patients in the bench).
  it('a capped count of a rare action reads the action index on stale statistics', async () => {
    await pglite.exec(`
      reset enable_seqscan;
      insert into audit_log (at, action, outcome)
        select now() - g * interval '1 second', case when g % 10 = 0 then 'test.rare' else 'test.common' end, 'success'
        from generate_series(1, 20000) g;
      analyze audit_log;
      insert into audit_log (action, outcome) select 'test.later', 'success' from generate_series(1, 200000);`);
    try {
      recorded.statements.length = 0;
      recorded.recording.on = true;
      await admin.get('/admin/audit/', { action: 'test.rare' });
      recorded.recording.on = false;
      const counts = recorded.statements.filter((s) => /count\(/.test(s.sql) && /"audit_log"/.test(s.sql));
      expect(counts).toHaveLength(1);
      const result = await pglite.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${counts[0]!.sql}`,
        counts[0]!.params,
      );
      const plan = result.rows[0]!['QUERY PLAN'][0]!.Plan;
      expect(sequentialScans(plan)).toEqual([]);
      expect(indexesOf(plan)).toContain('audit_action_at_idx');
    } finally {
      await pglite.exec('set enable_seqscan = off');
    }
  });
});
