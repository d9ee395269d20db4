import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PortalClient } from '@portal/protocol/testing';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { SAMPLE_COVERAGE, TINY_PNG } from '../../../testing/intake-samples.ts';

/**
 * Reads of PHI are audited through the group commit (audit-group-commit.ts): concurrent
 * reads share one multi-row insert, and no answer leaves before its own row is committed.
 */
let t: TestPortal;
let patient: PortalClient;
let patientId: string;

interface AuditRow extends Record<string, unknown> {
  actor_id: string | null;
  subject_id: string | null;
  action: string;
  target: string | null;
  outcome: string;
  request_id: string | null;
}

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.portal.ctx.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const readAudits = () =>
  rows<AuditRow>(
    sql`select actor_id, subject_id, action, target, outcome, request_id from audit_log where action in ('patient.read', 'patient.file_read') order by id`,
  );

beforeAll(async () => {
  t = await startTestPortal();
  patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  const [user] = await rows<{ id: string }>(sql`select id from users where email = ${DEMO_PATIENT.email}`);
  patientId = user!.id;
  await patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });
  await patient.send({
    method: 'POST',
    path: '/patient/insurance/card/',
    body: { insurance_type: 'medicare', side: 'front', content_base64: TINY_PNG.toString('base64') },
    encrypt: true,
  });
});
afterAll(() => t.close());

describe('audit of PHI reads', () => {
  it('writes exactly one row per read for concurrent sealed GETs, each with its actor, patient and action', async () => {
    const before = (await readAudits()).length;
    const reads = 24;
    const answers = await Promise.all(
      Array.from({ length: reads }, () =>
        patient.get<Array<{ value: { member_id: string }; cards: { front: { mime: string } | null } }>>(
          '/patient/insurance/',
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.map((c) => c.value.member_id)).toEqual([SAMPLE_COVERAGE.member_id]);
      expect(answer[0]!.cards.front?.mime).toBe('image/png');
    }
    const added = (await readAudits()).slice(before);
    expect(added).toHaveLength(reads);
    for (const row of added) {
      expect(row).toMatchObject({
        actor_id: patientId,
        subject_id: patientId,
        action: 'patient.read',
        target: 'insurance',
        outcome: 'success',
      });
    }
    expect(new Set(added.map((row) => row.request_id)).size).toBe(reads);
  });

  it('answers an error and no PHI when the audit row cannot be written', async () => {
    // A real refusal by the database, on both engines: every new patient.read row breaks a constraint.
    await t.portal.ctx.db.execute(
      sql.raw(`alter table audit_log add constraint refuse_reads check (action <> 'patient.read') not valid`),
    );
    try {
      const before = (await readAudits()).length;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => patient.send({ method: 'GET', path: '/patient/insurance/' })),
      );
      for (const answer of answers) {
        expect(answer.status).toBeGreaterThanOrEqual(500);
        expect(answer.body).not.toHaveProperty('data');
        expect(JSON.stringify(answer.body)).not.toContain(SAMPLE_COVERAGE.member_id);
      }
      expect(await readAudits()).toHaveLength(before);
    } finally {
      await t.portal.ctx.db.execute(sql.raw('alter table audit_log drop constraint refuse_reads'));
    }
    expect((await patient.send({ method: 'GET', path: '/patient/insurance/' })).status).toBe(200);
  });

  it('fails only the read whose row is refused when rows of other reads share its insert', async () => {
    await t.portal.ctx.db.execute(
      sql.raw(
        `alter table audit_log add constraint refuse_card_reads check (action <> 'patient.file_read') not valid`,
      ),
    );
    try {
      const before = (await readAudits()).length;
      const [card, ...coverages] = await Promise.all([
        patient.send({
          method: 'GET',
          path: '/patient/insurance/card/',
          query: { insurance_type: 'medicare', side: 'front' },
        }),
        ...Array.from({ length: 6 }, () => patient.send({ method: 'GET', path: '/patient/insurance/' })),
      ]);
      expect(card!.status).toBeGreaterThanOrEqual(500);
      expect(card!.body).not.toHaveProperty('data');
      expect(coverages.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      const added = (await readAudits()).slice(before);
      expect(added.map((row) => row.action)).toEqual(Array(6).fill('patient.read'));
    } finally {
      await t.portal.ctx.db.execute(sql.raw('alter table audit_log drop constraint refuse_card_reads'));
    }
  });

  it('audits each documents list through the same group commit, and answers no list whose row is refused', async () => {
    const listAudits = () =>
      rows<AuditRow>(
        sql`select actor_id, subject_id, action, outcome from audit_log where action = 'document.list'`,
      );
    const before = (await listAudits()).length;
    const lists = await Promise.all(
      Array.from({ length: 8 }, () => patient.get<{ total: number }>('/patient/documents/')),
    );
    expect(lists.every((list) => list.total > 0)).toBe(true);
    const added = (await listAudits()).slice(before);
    expect(added).toHaveLength(8);
    for (const row of added) {
      expect(row).toMatchObject({ actor_id: patientId, subject_id: patientId, outcome: 'success' });
    }

    await t.portal.ctx.db.execute(
      sql.raw(
        `alter table audit_log add constraint refuse_lists check (action <> 'document.list') not valid`,
      ),
    );
    try {
      const refused = await patient.send({ method: 'GET', path: '/patient/documents/' });
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(refused.body).not.toHaveProperty('data');
    } finally {
      await t.portal.ctx.db.execute(sql.raw('alter table audit_log drop constraint refuse_lists'));
    }
    expect(await listAudits()).toHaveLength(before + 8);
  });
});
