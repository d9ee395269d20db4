import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAREGIVER_SCOPES,
  GRANT_REFUSALS,
  INVITATION_REFUSALS,
  type CaregiverActivity,
  type CaregiverGrant,
  type ChartCaregivers,
  type ClinicAssignment,
  type DocumentDetail,
  type DocumentPdf,
  type InvitationPreview,
  type PatientDocument,
  type PatientThread,
  type ClinicThread,
  type InboxPage,
  type TemplateDetail,
  type DocumentField,
} from '@portal/protocol';
import type { PortalClient, PortalResponse } from '@portal/protocol/testing';
import { auditLog, caregiverGrants, documentFiles, users } from '../../../src/db/schema/index.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../testing/answers.ts';
import {
  actingFor,
  addCaregiver,
  CAREGIVER_PASSWORD,
  daysAhead,
  grantThroughMail,
  invitationToken,
  invite,
  overviewOf,
  respond,
} from '../../../testing/caregivers.ts';
import {
  assign,
  makePdf,
  pdfsig,
  SIGNATURE_FIELDS,
  startDocumentsWorld,
  uploadTemplate,
  type DocumentsWorld,
} from '../../../testing/documents.ts';
import { DEMO_CAREGIVER, DEMO_CLINICIAN, DEMO_PATIENT } from '../../../testing/test-portal.ts';

const DAY_MS = 86_400_000;
const poll = (c: PortalClient) => c.send({ method: 'GET', path: '/patient/event/' });
const eventOf = (answer: PortalResponse) => (answer.body as { data?: { name: string | null } }).data?.name;
const typedSignature = () => ({ kind: 'typed' as const, text: 'Dana Carer' });

describe('caregivers (decision 0023)', () => {
  let w: DocumentsWorld;

  beforeAll(async () => {
    w = await startDocumentsWorld();
  });
  afterAll(() => w.t.close());

  const grantRows = async () => (await w.t.portal.ctx.db.select({ n: count() }).from(caregiverGrants))[0]!.n;
  const acting = (client: PortalClient, patientId = w.patientId) => actingFor(client, patientId);
  /** The clinic allows or stops signing by an authorised representative for the patient. */
  const representativeSigning = (allowed: boolean) =>
    w.admin.post<ChartCaregivers>(
      `/admin/patients/${w.patientId}/representative_signing/`,
      { allowed },
      { encrypt: true },
    );
  /** A caregiver the patient granted viewing and signing, with the clinic allowing it. */
  async function signingCaregiver(firstName: string) {
    await representativeSigning(true);
    return grantThroughMail(w.t, w.patient, ['view_documents', 'sign_documents'], firstName);
  }
  const asCaregiver = (client: PortalClient, path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) =>
    acting(client).send({ method, path, body, encrypt: method === 'POST' });

  it('invites by e-mail without PHI; only the invited account sees and answers the invitation, once', async () => {
    const caregiver = await addCaregiver(w.t, 'Dana');
    const stranger = await addCaregiver(w.t, 'Sam');
    const grant = await invite(
      w.patient,
      caregiver.email,
      ['view_intake', 'write_messages'],
      daysAhead(w.t, 30),
    );
    expect(grant).toMatchObject({
      status: 'invited',
      caregiver_name: null,
      source: 'patient',
      authority: null,
    });

    const mail = (await w.t.outbox())
      .filter((m) => m.includes(caregiver.email))
      .at(-1)!
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(mail).toMatch(/\/caregiver\/accept\?token=/);
    // The invitee's own address after `#` (sent to no server), so the sign-up form is filled in.
    expect(mail).toContain(`#email=${encodeURIComponent(caregiver.email)}`);
    for (const phi of ['Morgan', 'Tester', 'Daughter']) expect(mail).not.toContain(phi);
    const token = await invitationToken(w.t, caregiver.email);

    const forwarded = await sealedPost(stranger.client, '/account/caregivers/invitation/', { token });
    expect([codeOf(forwarded), pathsOf(forwarded), messageOf(forwarded)]).toEqual([
      10400,
      ['token'],
      INVITATION_REFUSALS.otherAccount,
    ]);
    const strangerAnswer = await respond(stranger.client, token, 'accept');
    expect(pathsOf(strangerAnswer)).toEqual(['token']);

    const preview = await caregiver.client.post<InvitationPreview>(
      '/account/caregivers/invitation/',
      { token },
      { encrypt: true },
    );
    expect(preview).toEqual({
      patient_id: w.patientId,
      patient_name: 'Morgan Tester',
      relationship: 'Daughter',
      scopes: ['view_intake', 'write_messages'],
      ends_on: daysAhead(w.t, 30),
    });
    const accepted = await respond(caregiver.client, token, 'accept');
    expect(codeOf(accepted)).toBe(0);
    expect((await overviewOf(caregiver.client)).received).toEqual([
      expect.objectContaining({ id: grant.id, patient_id: w.patientId, patient_name: 'Morgan Tester' }),
    ]);
    const used = await respond(caregiver.client, token, 'decline');
    expect([codeOf(used), pathsOf(used), messageOf(used)]).toEqual([
      10400,
      ['token'],
      INVITATION_REFUSALS.invalid,
    ]);

    const given = (await overviewOf(w.patient)).given.find((g) => g.id === grant.id);
    expect(given).toMatchObject({
      status: 'active',
      caregiver_name: 'Dana Carer',
      caregiver_email: caregiver.email,
    });
    expect((await overviewOf(stranger.client)).received).toEqual([]);
  });

  it('refuses oneself, an end date out of range, signing the clinic has not allowed and a fill scope alone; nothing is saved', async () => {
    const before = await grantRows();
    const [me] = await w.t.portal.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, w.patientId));
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ email: me!.email }, 'email', GRANT_REFUSALS.ownEmail],
      [{ ends_on: daysAhead(w.t, -1) }, 'ends_on', GRANT_REFUSALS.endsOn],
      [{ ends_on: daysAhead(w.t, 3 * 366 + 1) }, 'ends_on', GRANT_REFUSALS.endsOn],
      [{ scopes: ['view_documents', 'sign_documents'] }, 'scopes', GRANT_REFUSALS.signingNotAllowed],
      [{ scopes: ['fill_intake'] }, 'scopes', undefined],
    ];
    for (const [change, path, message] of cases) {
      const answer = await sealedPost(w.patient, '/account/caregivers/invite/', {
        email: 'someone@example.com',
        relationship: 'Son',
        scopes: ['view_intake'],
        ends_on: daysAhead(w.t, 10),
        ...change,
      });
      expect([codeOf(answer), pathsOf(answer)], JSON.stringify(change)).toEqual([10400, [path]]);
      if (message) expect(messageOf(answer)).toBe(message);
    }
    expect(await grantRows()).toBe(before);
  });

  it('refuses a second invited or active grant for the same address, from the patient or the chart; nothing is written', async () => {
    const { db } = w.t.portal.ctx;
    // The outbox drained first: a mail the refusal queued would show as sent.
    const written = async () => [
      (await w.t.outbox()).length,
      ...(await Promise.all(
        [caregiverGrants, documentFiles, auditLog].map(
          async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
        ),
      )),
    ];
    const caregiver = await addCaregiver(w.t, 'Sam');
    const first = await invite(w.patient, caregiver.email, ['view_intake'], daysAhead(w.t, 30));
    const again = {
      email: caregiver.email.toUpperCase(),
      relationship: 'Son',
      scopes: ['view_documents'],
      ends_on: daysAhead(w.t, 60),
    };
    const chartRequest = {
      ...again,
      authority_kind: 'power_of_attorney',
      authority_file_name: 'LPA.pdf',
      authority_pdf: Buffer.from(await makePdf(1, 'Lasting power of attorney')).toString('base64'),
    };
    const refusals = async () => {
      const before = await written();
      for (const answer of [
        await sealedPost(w.patient, '/account/caregivers/invite/', again),
        await sealedPost(w.admin, `/admin/patients/${w.patientId}/caregivers/`, chartRequest),
      ]) {
        expect([codeOf(answer), pathsOf(answer), messageOf(answer)]).toEqual([
          10409,
          ['email'],
          GRANT_REFUSALS.duplicate,
        ]);
      }
      expect(await written()).toEqual(before);
    };

    await refusals();
    expect(
      codeOf(await respond(caregiver.client, await invitationToken(w.t, caregiver.email), 'accept')),
    ).toBe(0);
    await refusals();
    // Another patient may invite the same address, and a revoked grant no longer counts.
    expect((await invite(w.other, caregiver.email, ['view_intake'], daysAhead(w.t, 30))).status).toBe(
      'invited',
    );
    await w.patient.post('/account/caregivers/revoke/', { id: first.id }, { encrypt: true });
    expect((await invite(w.patient, caregiver.email, ['view_intake'], daysAhead(w.t, 30))).status).toBe(
      'invited',
    );
  });

  it('acts for the patient on the routes its scopes open, under both identities, and nowhere else', async () => {
    const { caregiver, grantId } = await grantThroughMail(w.t, w.patient, [
      'view_intake',
      'fill_intake',
      'write_messages',
    ]);
    const profile = await asCaregiver(caregiver.client, '/patient/profile/');
    expect(codeOf(profile)).toBe(0);
    const saved = await asCaregiver(caregiver.client, '/patient/contact/', 'POST', {
      version: 0,
      draft: true,
      value: { mobile_phone: '+44 7700 900123' },
    });
    expect(codeOf(saved)).toBe(0);
    // The draft is the patient's: the patient reads it; the caregiver joined only to help, so
    // has no record of their own to hold it (decision 0032).
    const own = await w.patient.get<{ draft: unknown }>('/patient/contact/');
    expect(own.draft).toEqual({ mobile_phone: '+447700900123' });
    expect(codeOf(await caregiver.client.send({ method: 'GET', path: '/patient/contact/' }))).toBe(10403);

    for (const refused of ['/patient/bf_adl/', '/patient/documents/']) {
      expect(codeOf(await asCaregiver(caregiver.client, refused)), refused).toBe(10403);
    }
    for (const noScope of ['/account/sessions/', '/patient/event/', '/account/caregivers/']) {
      expect(codeOf(await asCaregiver(caregiver.client, noScope)), noScope).toBe(10403);
    }
    const foreign = await actingFor(caregiver.client, w.otherId).send({
      method: 'GET',
      path: '/patient/profile/',
    });
    expect(foreign.body).toEqual({ code: 10404, message: 'Items not found' });
    const notAnId = await actingFor(caregiver.client, 'me').send({
      method: 'GET',
      path: '/patient/profile/',
    });
    expect(codeOf(notAnId)).toBe(10404);

    const written = await acting(caregiver.client).post<PatientThread>(
      '/patient/messages/',
      { text: 'Mum would like to move her appointment.' },
      { encrypt: true },
    );
    expect(written.messages.at(-1)).toMatchObject({ author: 'patient', on_behalf_by: 'Dana Carer' });
    const patientView = await w.patient.get<PatientThread>('/patient/messages/');
    expect(patientView.messages.at(-1)).toMatchObject({ on_behalf_by: 'Dana Carer', author_name: null });
    const inbox = await w.admin.get<InboxPage>('/admin/messages/');
    const thread = await w.admin.get<ClinicThread>('/admin/messages/thread/', {
      id: inbox.items.find((i) => i.patient.id === w.patientId)!.id,
    });
    expect(thread.messages.at(-1)).toMatchObject({ author: 'patient', on_behalf_by: 'Dana Carer' });

    const rows = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.grantId, grantId), eq(auditLog.action, 'patient.read')));
    // The save answers the section read back, so the contact is read too.
    expect(rows.map((r) => [r.actorId, r.subjectId, r.target])).toEqual([
      [caregiver.id, w.patientId, 'profile'],
      [caregiver.id, w.patientId, 'contact'],
    ]);
    const activity = await w.patient.get<CaregiverActivity>('/account/caregivers/activity/');
    expect(activity.items.map((i) => i.action)).toEqual(
      expect.arrayContaining(['patient.read', 'patient.draft', 'messages.write']),
    );
    expect(
      new Set(activity.items.filter((i) => i.grant_id === grantId).map((i) => i.caregiver_name)),
    ).toEqual(new Set(['Dana Carer']));
  });

  it('answers an invited, lapsed or revoked grant like a foreign record; revoking tells the caregiver to refresh', async () => {
    const waiting = await addCaregiver(w.t, 'Wren');
    await invite(w.patient, waiting.email, ['view_intake'], daysAhead(w.t, 5));
    expect(codeOf(await asCaregiver(waiting.client, '/patient/profile/'))).toBe(10404);

    const { caregiver, grantId } = await grantThroughMail(w.t, w.patient, ['view_intake'], 'Lee');
    expect(codeOf(await asCaregiver(caregiver.client, '/patient/profile/'))).toBe(0);
    // Past ends_on the handshakes of the day have expired: each side signs in afresh then.
    const [caregiverLogin, patientLogin] = await Promise.all(
      [caregiver.id, w.patientId].map(async (id) => {
        const [row] = await w.t.portal.ctx.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, id));
        return row!.email;
      }),
    );
    w.t.clock.advance(31 * DAY_MS);
    try {
      const later = await w.t.signedIn(caregiverLogin!, CAREGIVER_PASSWORD);
      expect((await asCaregiver(later, '/patient/profile/')).body).toEqual({
        code: 10404,
        message: 'Items not found',
      });
      const patientLater = await w.t.signedIn(patientLogin!, 'Documents-test-2025');
      expect((await overviewOf(patientLater)).given.find((g) => g.id === grantId)?.status).toBe('expired');
    } finally {
      w.t.clock.advance(-31 * DAY_MS);
    }
    expect(codeOf(await asCaregiver(caregiver.client, '/patient/profile/'))).toBe(0);

    const byOther = await sealedPost(w.other, '/account/caregivers/revoke/', { id: grantId });
    expect(byOther.body).toEqual({ code: 10404, message: 'Items not found' });
    const revoked = await w.patient.post<CaregiverGrant>(
      '/account/caregivers/revoke/',
      { id: grantId },
      { encrypt: true },
    );
    expect(revoked).toMatchObject({ id: grantId, status: 'revoked' });
    expect(eventOf(await poll(caregiver.client))).toBe('refresh_token');
    expect(codeOf(await asCaregiver(caregiver.client, '/patient/profile/'))).toBe(10404);
    expect((await overviewOf(caregiver.client)).received).toEqual([]);
    expect(codeOf(await sealedPost(w.patient, '/account/caregivers/revoke/', { id: grantId }))).toBe(10409);
  });

  it('lets staff record a grant with its authority PDF, read the PDF back, and allow representative signing', async () => {
    const path = `/admin/patients/${w.patientId}/caregivers/`;
    const caregiver = await addCaregiver(w.t, 'Alex');
    const pdf = Buffer.from(await makePdf(1, 'Lasting power of attorney'));
    const request = {
      email: caregiver.email,
      relationship: 'Attorney',
      scopes: ['view_documents', 'sign_documents'],
      ends_on: daysAhead(w.t, 365),
      authority_kind: 'power_of_attorney',
      authority_file_name: 'LPA.pdf',
      authority_pdf: pdf.toString('base64'),
    };
    const before = await grantRows();
    const notAllowed = await sealedPost(w.admin, path, request);
    expect([codeOf(notAllowed), pathsOf(notAllowed)]).toEqual([10400, ['scopes']]);
    const notPdf = await sealedPost(w.admin, path, {
      ...request,
      scopes: ['view_documents'],
      authority_pdf: Buffer.from('not a pdf at all').toString('base64'),
    });
    expect(codeOf(notPdf)).toBe(10415);
    expect(await grantRows()).toBe(before);

    const allowed = await representativeSigning(true);
    expect(allowed.representative_signing_allowed).toBe(true);
    const chart = await w.admin.post<ChartCaregivers>(path, request, { encrypt: true });
    const recorded = chart.grants[0]!;
    expect(recorded).toMatchObject({
      source: 'clinic',
      status: 'invited',
      authority: { kind: 'power_of_attorney', file_name: 'LPA.pdf' },
    });
    const authority = await w.admin.get<DocumentPdf>(`${path}authority/`, { id: recorded.id });
    expect(Buffer.from(authority.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(authority.filename).toBe('lpa.pdf');
    const elsewhere = await w.admin.send({
      method: 'GET',
      path: `/admin/patients/${w.otherId}/caregivers/authority/`,
      query: { id: recorded.id },
    });
    expect(elsewhere.body).toEqual({ code: 10404, message: 'Items not found' });
    const clinician = await w.t.signedIn(DEMO_CLINICIAN.email, DEMO_CLINICIAN.password);
    expect((await clinician.get<ChartCaregivers>(path)).grants.map((g) => g.id)).toContain(recorded.id);

    expect(
      codeOf(await respond(caregiver.client, await invitationToken(w.t, caregiver.email), 'accept')),
    ).toBe(0);
    expect(codeOf(await asCaregiver(caregiver.client, '/patient/documents/'))).toBe(0);
    await w.admin.post(`${path}revoke/`, { id: recorded.id }, { encrypt: true });
    expect(codeOf(await asCaregiver(caregiver.client, '/patient/documents/'))).toBe(10404);
  });

  it('signs as authorised representative: pdfsig validates, the certificate names both in gb and cn, the patient is told, the history names the representative', async () => {
    const { caregiver, grantId } = await signingCaregiver('Dana');
    const template = await uploadTemplate(w.admin, { fields: SIGNATURE_FIELDS });
    const [sent] = await assign(w.admin, template.id, [w.patientId], {
      due_at: new Date(w.t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    expect(
      codeOf(
        await acting(caregiver.client).send({
          method: 'GET',
          path: '/patient/sign/',
          query: { id: sent!.id },
        }),
      ),
    ).toBe(0);
    const mailsBefore = (await w.t.outbox()).length;
    const signed = await acting(caregiver.client).post<PatientDocument>(
      '/patient/sign/',
      { id: sent!.id, action: 'sign', consent: true, signature: typedSignature() },
      { encrypt: true },
    );
    expect(signed.status).toBe('signed');

    const detail = await w.patient.get<DocumentDetail>('/patient/document/', { id: sent!.id });
    expect(detail.signed_on_behalf_by).toBe('Dana Carer');
    const bytes = Buffer.from(detail.pdf_base64, 'base64');
    expect(await pdfsig(w.t.dataDir, bytes)).toContain('Signature is Valid');
    const text = await pdfText('representative.pdf', bytes);
    expect(text).toContain(
      `Signed by Dana Carer as authorised representative of Morgan Tester (grant ${grantId})`,
    );
    expect(text).toMatch(
      /patient: sign \(pending_signature -> signed\) by Dana Carer as authorised representative/,
    );

    const told = (await w.t.outbox()).slice(mailsBefore);
    expect(told.some((m) => /A form was signed for you/.test(m))).toBe(true);
    for (const mail of told) expect(mail).not.toContain('Dana');
    const history = await w.admin.get<ClinicAssignment>('/admin/documents/assignment/', { id: sent!.id });
    expect(history.events.find((e) => e.action === 'sign')).toMatchObject({
      action: 'sign',
      on_behalf_by: 'Dana Carer',
      grant_id: grantId,
    });

    await representativeSigning(false);
    const stopped = await acting(caregiver.client).send({
      method: 'GET',
      path: '/patient/sign/',
      query: { id: sent!.id },
    });
    expect(codeOf(stopped)).toBe(10403);
    expect(codeOf(await asCaregiver(caregiver.client, '/patient/documents/'))).toBe(0);
  });

  it('prints the representative words in Chinese too on a Chinese edition', async () => {
    const { caregiver, grantId } = await signingCaregiver('秀英');
    const fields: DocumentField[] = SIGNATURE_FIELDS.slice(0, 2);
    const b64 = async (title: string) => Buffer.from(await makePdf(1, title)).toString('base64');
    const created = await w.admin.post<TemplateDetail>(
      '/admin/documents/library/template/',
      {
        kind: 'signature',
        gb: { title: 'Consent to care', description: 'In English', pdf_base64: await b64('Consent') },
        cn: { title: '护理同意书', description: '中文说明', pdf_base64: await b64('cn edition') },
      },
      { encrypt: true },
    );
    for (const language of ['gb', 'cn'] as const) {
      await w.admin.post('/admin/documents/library/fields/', { id: created.id, language, fields });
    }
    await w.admin.post('/admin/documents/library/publish/', { id: created.id, version: 1 });
    const [sent] = await assign(w.admin, created.id, [w.patientId], {
      due_at: new Date(w.t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    await acting(caregiver.client).post<PatientDocument>(
      '/patient/sign/',
      { id: sent!.id, action: 'sign', consent: true, language: 'cn', signature: typedSignature() },
      { encrypt: true },
    );
    const detail = await acting(caregiver.client).get<DocumentDetail>('/patient/document/', { id: sent!.id });
    const text = await pdfText('representative-cn.pdf', Buffer.from(detail.pdf_base64, 'base64'));
    expect(text).toContain(`由 秀英 Carer 作为 Morgan Tester 的授权代表签署（授权编号 ${grantId}）`);
    expect(text).not.toContain('<U+');
  });

  it("seeds the demo patient's daughter with a live grant of every scope, signing allowed", async () => {
    const daughter = await w.t.signedIn(DEMO_CAREGIVER.email, DEMO_CAREGIVER.password);
    const [held] = (await overviewOf(daughter)).received;
    expect(held).toMatchObject({
      patient_name: 'Pat Example',
      relationship: 'Daughter',
      scopes: [...CAREGIVER_SCOPES],
    });
    const mother = await w.t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
    expect((await overviewOf(mother)).representative_signing_allowed).toBe(true);
    const documents = await actingFor(daughter, held!.patient_id).send({
      method: 'GET',
      path: '/patient/documents/',
    });
    expect(codeOf(documents)).toBe(0);
  });

  async function pdfText(name: string, bytes: Buffer): Promise<string> {
    const file = path.join(w.t.dataDir, name);
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)('pdftotext', ['-raw', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  }
});
