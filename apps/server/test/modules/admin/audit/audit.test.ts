import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditExport, AuditPage } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, users } from '../../../../src/db/schema/index.ts';
import {
  DEMO_ADMIN,
  DEMO_PATIENT,
  startTestPortal,
  type TestPortal,
} from '../../../../testing/test-portal.ts';
import { AUDIT_CSV_HEADER } from '../../../../src/modules/admin/audit/audit-csv.ts';
import { actingFor, addCaregiver, liveGrant } from '../../../../testing/caregivers.ts';
import { csvCell } from '../../../../src/lib/csv.ts';
import { codeOf, pathsOf } from '../../../../testing/answers.ts';

let t: TestPortal;
let admin: PortalClient;
let patientId: string;
beforeAll(async () => {
  t = await startTestPortal();
  await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [row] = await t.portal.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PATIENT.email));
  patientId = row!.id;
});
afterAll(() => t.close());

const list = (query: Record<string, string>) => admin.get<AuditPage>('/admin/audit/', query);
const CSV_HEADER =
  'id,at,action,outcome,actor_id,actor_email,subject_id,subject_email,grant_id,target,ip,user_agent,detail';

describe('audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const db = t.portal.ctx.db;
    const [row] = await db.select({ id: auditLog.id }).from(auditLog).limit(1);
    await expect(
      db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [after] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after!.action).not.toBe('forged');
  });
});

describe('audit viewer', () => {
  it('lists rows newest first, with actor and subject named, sealed', async () => {
    const answer = await admin.send({ method: 'GET', path: '/admin/audit/', query: {} });
    expect((answer.body as { salt?: string }).salt).toMatch(/^[A-Za-z]{16}$/);
    const page = answer.data as AuditPage;
    expect(page.items[0]).toMatchObject({
      action: 'login',
      actor: { email: DEMO_ADMIN.email, name: 'Alex Admin' },
    });
    const times = page.items.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by actor and subject (id or e-mail prefix), action prefix and time range', async () => {
    const byActor = await list({ actor: 'PATIENT@' });
    expect(byActor.total).toBeGreaterThan(0);
    expect(byActor.items.every((e) => e.actor?.email === DEMO_PATIENT.email)).toBe(true);
    const bySubjectId = await list({ subject: patientId });
    expect(bySubjectId.items.every((e) => e.subject?.id === patientId)).toBe(true);
    expect((await list({ action: 'log' })).items.every((e) => e.action.startsWith('log'))).toBe(true);
    expect((await list({ action: 'login_' })).total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list({ from: future })).total).toBe(0);
    expect((await list({ to: '2000-01-01T00:00:00Z' })).total).toBe(0);
    expect((await list({ action: 'login', from: '2000-01-01T00:00:00Z', to: future })).total).toBe(
      (await list({ action: 'login' })).total,
    );
  });

  it('pages without overlap', async () => {
    // Rows of an action no code records, written straight to the table: only these match the filter.
    await t.portal.ctx.db.insert(auditLog).values(
      Array.from({ length: 12 }, () => ({
        action: 'test.paging',
        outcome: 'success',
        subjectId: patientId,
      })),
    );
    const pages = await Promise.all(
      [1, 2, 3].map((page) => list({ action: 'test.paging', page_size: '5', page: String(page) })),
    );
    const ids = pages.flatMap((p) => p.items.map((e) => e.id));
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 2]);
    expect(new Set(ids).size).toBe(12);
    expect([pages[0]!.total, pages[0]!.total_capped]).toEqual([12, false]);
  });

  it('merges the actions a prefix names newest first, on pages and across export batches', async () => {
    // Three actions interleaved in time, ties within a microsecond among them, and neighbours the
    // prefix does not name: each action is read on its own and the three are merged by time.
    const actions = ['test.merge.a', 'test.merge.b', 'test.merge.c'];
    await t.portal.ctx.db.insert(auditLog).values(
      Array.from({ length: 330 }, (_, i) => ({
        action: i % 11 === 0 ? 'test.merg' : i % 13 === 0 ? 'test.mergers' : actions[(i * 7) % 3]!,
        outcome: 'success',
        at: sql`timestamptz '2026-02-01T00:00:00Z' + ${Math.floor(i / 2)} * interval '1 microsecond'`,
      })),
    );
    const expected = (
      await t.portal.ctx.db
        .select({ id: auditLog.id, action: auditLog.action })
        .from(auditLog)
        .where(sql`${auditLog.action} like 'test.merge.%'`)
        .orderBy(sql`${auditLog.at} desc, ${auditLog.id} desc`)
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(250);

    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => list({ action: 'test.merge.', page_size: '100', page: String(page) })),
    );
    expect(pages.flatMap((page) => page.items.map((e) => e.id))).toEqual(expected);
    expect([pages[0]!.total, pages[0]!.total_capped]).toEqual([expected.length, false]);

    const exported = await admin.get<AuditExport>('/admin/audit/export/', { action: 'test.merge.' });
    const exportedIds = exported.csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => Number(line.split(',')[0]));
    expect([exported.rows, exportedIds]).toEqual([expected.length, expected]);
  });

  it('refuses malformed filters with 10400 and their paths', async () => {
    for (const [query, path] of [
      [{ from: 'yesterday' }, 'from'],
      [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'to'],
      [{ page_size: '0' }, 'page_size'],
    ] as const) {
      const answer = await admin.send({ method: 'GET', path: '/admin/audit/', query });
      expect([answer.status, codeOf(answer), pathsOf(answer)]).toEqual([400, 10400, [path]]);
    }
  });

  it('exports the filtered rows as CSV, formula-safe, and audits the export', async () => {
    await t.portal.ctx.db.insert(auditLog).values({
      action: 'test.export',
      outcome: 'success',
      subjectId: patientId,
      target: '-2+3',
      detail: { note: '+cmd' },
      ip: '=1+1',
      userAgent: '@SUM(A1), "quoted"\nnext',
      requestId: 'r',
    });
    const exported = await admin.get<AuditExport>('/admin/audit/export/', { action: 'test.export' });
    expect([exported.rows, exported.truncated]).toEqual([1, false]);
    expect(exported.filename).toMatch(/^audit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv$/);
    const [header, row] = exported.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(CSV_HEADER);
    expect(row).toContain(`,${patientId},${DEMO_PATIENT.email},,'-2+3,'=1+1,"'@SUM(A1), ""quoted""\nnext",`);
    expect(row).toContain('"{""note"":""+cmd""}"');
    const [audited] = (await list({ action: 'admin.audit.export' })).items;
    expect(audited?.detail).toEqual({ rows: 1, truncated: false, filters: { action: 'test.export' } });
  });

  it('audits every read with its filters: ids and times kept, an e-mail only noted, the subject named', async () => {
    const from = '2020-01-01T00:00:00.000Z';
    await list({ subject: patientId, action: 'login', from, page: '2' });
    await list({ actor: 'patient@exa' });
    const reads = (await list({ action: 'admin.audit.read', page_size: '3' })).items;
    expect(reads.map((e) => e.detail)).toEqual([
      { filters: { actor: 'email-prefix' }, page: 1, rows: expect.any(Number) },
      { filters: { subject: patientId, action: 'login', from }, page: 2, rows: expect.any(Number) },
      expect.anything(),
    ]);
    expect(reads[1]).toMatchObject({
      actor: { email: DEMO_ADMIN.email },
      subject: { id: patientId },
      target: 'audit_log',
    });
    expect(JSON.stringify(reads.map((e) => e.detail))).not.toContain('patient@');
  });
});

describe('CSV export', () => {
  it('has one column per field, the grant among them, after a BOM', () => {
    expect(AUDIT_CSV_HEADER).toBe(`\uFEFF${CSV_HEADER}\r\n`);
  });

  it('writes a few hundred rows newest first, ties in the same millisecond included, each line as it always was', async () => {
    const count = 600;
    // Two rows a microsecond, all 600 in one millisecond: only exact times keep their order and count.
    await t.portal.ctx.db.insert(auditLog).values(
      Array.from({ length: count }, (_, i) => ({
        action: 'test.batches',
        outcome: 'success',
        subjectId: patientId,
        at: sql`timestamptz '2026-01-01T00:00:00Z' + ${Math.floor(i / 2)} * interval '1 microsecond'`,
        target: i % 5 === 0 ? `=HYPERLINK("x${i}")` : `row ${i}`,
        ip: '192.0.2.1',
        userAgent: i % 7 === 0 ? `Agent "${i}"\r\nnext` : null,
        detail: { n: i },
      })),
    );
    const ids = await t.portal.ctx.db
      .select({ id: auditLog.id, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.action, 'test.batches'));
    const idOf = new Map(ids.map((r) => [r.target, r.id]));
    const line = (i: number) =>
      [
        idOf.get(i % 5 === 0 ? `=HYPERLINK("x${i}")` : `row ${i}`),
        '2026-01-01T00:00:00.000Z',
        'test.batches',
        'success',
        '',
        '',
        patientId,
        DEMO_PATIENT.email,
        '',
        i % 5 === 0 ? `"'=HYPERLINK(""x${i}"")"` : `row ${i}`,
        '192.0.2.1',
        i % 7 === 0 ? `"Agent ""${i}""\r\nnext"` : '',
        `"{""n"":${i}}"`,
      ].join(',');
    const newestFirst = Array.from({ length: count }, (_, k) => line(count - 1 - k));

    const exported = await admin.get<AuditExport>('/admin/audit/export/', { action: 'test.batches' });
    expect([exported.rows, exported.truncated]).toEqual([count, false]);
    expect(exported.csv).toBe(`\uFEFF${[CSV_HEADER, ...newestFirst].join('\r\n')}\r\n`);
    const [audited] = (await list({ action: 'admin.audit.export' })).items;
    expect(audited).toMatchObject({
      outcome: 'success',
      detail: { rows: count, truncated: false, filters: { action: 'test.batches' } },
    });
  });

  it("names the grant a caregiver acted under, on the viewer's rows and in the CSV", async () => {
    const caregiver = await addCaregiver(t, 'Grace');
    const grantId = await liveGrant(t, patientId, caregiver.id, ['view_intake']);
    await actingFor(caregiver.client, patientId).get('/patient/profile/');
    const [row] = (await list({ actor: caregiver.id, action: 'patient.read' })).items;
    expect(row).toMatchObject({
      actor: { id: caregiver.id },
      subject: { id: patientId, email: DEMO_PATIENT.email },
      grant_id: grantId,
    });
    const own = (await list({ actor: DEMO_ADMIN.email, page_size: '5' })).items;
    expect(own.every((e) => e.grant_id === null)).toBe(true);
    const { csv } = await admin.get<AuditExport>('/admin/audit/export/', {
      actor: caregiver.id,
      action: 'patient.read',
    });
    const line = csv.split('\r\n')[1]!;
    expect(line).toContain(
      `,${caregiver.id},${caregiver.email},${patientId},${DEMO_PATIENT.email},${grantId},`,
    );
  });

  it('defuses a formula a request put in its user agent, after any separator a spreadsheet splits on', async () => {
    const hostile = ';=1+1,+2|-3\t@4 a=b,c';
    await admin.send({ method: 'GET', path: '/admin/audit/', query: {}, headers: { 'user-agent': hostile } });
    const { csv } = await admin.get<AuditExport>('/admin/audit/export/', { action: 'admin.audit.read' });
    const cell = `";'=1+1,'+2|'-3\t'@4 a=b,c"`;
    expect(csv).toContain(`,${cell},`);
    expect(csv).not.toContain(hostile);
  });

  it.each([
    ['=A1', "'=A1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['\0x', "'\0x"],
    ['a;=1+1', "a;'=1+1"],
    ['a;  =1+1', "a;  '=1+1"],
    [' -1', " '-1"],
    ['a,+1', `"a,'+1"`],
    ['a|-1', "a|'-1"],
    ['a\t@x', "a\t'@x"],
    ['a\t\t=1', "a\t'\t'=1"],
    ['a;\r=1', `"a;'\r=1"`],
    ['a=1;b+2', 'a=1;b+2'],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    [null, ''],
    [7, '7'],
  ] as const)('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('a log of 50,001 rows of one action', () => {
  beforeAll(async () => {
    await t.portal.ctx.db.execute(
      sql`insert into audit_log (action, outcome, at)
        select 'test.many', 'success', timestamptz '2001-01-01T00:00:00Z' + g * interval '1 second'
        from generate_series(1, 50001) g`,
    );
  });

  it('exports the newest 50,000 and says the export was cut short', async () => {
    const exported = await admin.get<AuditExport>('/admin/audit/export/', { action: 'test.many' });
    expect([exported.rows, exported.truncated]).toEqual([50_000, true]);
    const lines = exported.csv.split('\r\n');
    expect(lines.length).toBe(50_002);
    expect(lines[1]).toContain(',2001-01-01T13:53:21.000Z,test.many,');
    expect(lines.at(-2)).toContain(',2001-01-01T00:00:02.000Z,test.many,');
    const [audited] = (await list({ action: 'admin.audit.export' })).items;
    expect(audited?.detail).toEqual({ rows: 50_000, truncated: true, filters: { action: 'test.many' } });
  });

  it('pages them with a count that stops past 10,000, or past the page, and says there are more', async () => {
    const first = await list({ action: 'test.many', page_size: '100' });
    expect([first.total, first.total_capped, first.items.length]).toEqual([10_000, true, 100]);
    const pastTheCap = await list({ action: 'test.many', page_size: '100', page: '150' });
    expect([pastTheCap.total, pastTheCap.total_capped]).toEqual([15_000, true]);
    expect(pastTheCap.items[0]?.at).toBe(
      new Date(Date.UTC(2001, 0, 1) + (50_001 - 14_900) * 1000).toISOString(),
    );
    const last = await list({ action: 'test.many', page_size: '100', page: '501' });
    expect([last.total, last.total_capped, last.items.length]).toEqual([50_001, false, 1]);
  });
});
