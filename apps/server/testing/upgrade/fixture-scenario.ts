import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  mfaEnrolment,
  type ClinicAssignment,
  type ClinicThread,
  type DocumentsPage,
  type DocumentTemplate,
  type InboxPage,
  type PatientThread,
} from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { totpAt } from '../account.ts';
import { makeCertificate, pkcs12Of } from '../certificates.ts';
import { answersTotalling, submission } from '../assessment.ts';
import { makePdf, makeSignaturePng, SIGNATURE_FIELDS } from '../documents.ts';
import { lastMailTo, signUpPatient } from '../reliability.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE } from '../intake-samples.ts';
import { DEMO_ADMIN, linkToken } from '../test-portal.ts';
import { comparable, type FixtureAccount, type FixtureManifest, type RecordedRead } from './manifest.ts';

const DAY = 24 * 3600_000;
/** The writes whose body travels plain; every other POST of the portal takes a sealed body. */
const PLAIN_POSTS = new Set([
  '/patient/messages/read/',
  '/account/mfa/start/',
  '/admin/documents/templates/fields/',
]);

const post = <T>(client: PortalClient, route: string, body: unknown) =>
  client.post<T>(route, body, { encrypt: !PLAIN_POSTS.has(route) });

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const CARD_BACK_JPEG = path.join(import.meta.dirname, 'assets', 'insurance-card-back.jpg');

/** Fake people (fixture data): one with everything, one writing in Chinese, one who only signed up. */
const PEOPLE = {
  margaret: {
    email: 'margaret.hollis@fixture.example',
    password: 'Fixture-Margaret-2026',
    first_name: 'Margaret',
    last_name: 'Hollis',
    date_of_birth: '1949-09-30',
    locale: 'gb' as const,
  },
  xiuying: {
    email: 'wang.xiuying@fixture.example',
    password: 'Fixture-Xiuying-2026',
    first_name: '秀英',
    last_name: '王',
    date_of_birth: '1955-03-08',
    locale: 'cn' as const,
  },
  tomasz: {
    email: 'tomasz.nowak@fixture.example',
    password: 'Fixture-Tomasz-2026',
    first_name: 'Tomasz',
    last_name: 'Nowak',
    date_of_birth: '1971-12-01',
    locale: 'gb' as const,
  },
};
const SECOND_ADMIN = {
  email: 'priya.shah@fixture.example',
  password: 'Fixture-Priya-2026',
  first_name: 'Priya',
  last_name: 'Shah',
};

interface World {
  baseUrl: string;
  dataDir: string;
  admin: PortalClient;
  clients: Map<string, PortalClient>;
  ids: Map<string, string>;
}

/** The account's id, as the clinic's user list shows it. */
async function userId(admin: PortalClient, email: string): Promise<string> {
  const page = await admin.get<{ items: { id: string; email: string }[] }>('/admin/users/', { q: email });
  const user = page.items.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

async function clinicSettings(admin: PortalClient): Promise<void> {
  await post(admin, '/admin/settings/', {
    clinic_name: 'Harbour Rehabilitation Clinic',
    support_email: 'help@harbour-clinic.example',
    support_phone: '+441179000000',
    booking_url: 'https://harbour-clinic.example/book',
    company_url: 'https://harbour-clinic.example',
    signing_window_days: 21,
    session_timeout_minutes: 480,
    idle_timeout_minutes: 45,
    password_min_length: 14,
    zendesk_key_id: 'fixture-key-id',
    zendesk_secret: 'fixture-zendesk-secret-not-real',
    clinic_logo: { content_base64: base64(makeSignaturePng(64, 64)) },
  });
}

async function inviteSecondAdmin(w: World): Promise<void> {
  const { email, password, first_name, last_name } = SECOND_ADMIN;
  await post(w.admin, '/admin/users/invite/', { email, first_name, last_name, role: 'admin', locale: 'gb' });
  const token = linkToken(await lastMailTo(w.dataDir, email), '/auth/accept-invite');
  const invited = new PortalClient({ baseUrl: w.baseUrl });
  await invited.handshake();
  await invited.call({
    method: 'POST',
    path: '/token/invite/accept/',
    body: { token, new_password: password },
    secretField: 'new_password',
    auth: false,
  });
}

/** Saves over whatever version is stored (signup already wrote the profile). */
async function save(patient: PortalClient, name: string, value: unknown, draft = false): Promise<void> {
  const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
  await post(patient, `/patient/${name}/`, { version, value, ...(draft ? { draft } : {}) });
}

async function fullIntake(patient: PortalClient): Promise<void> {
  const values = {
    ...SAMPLE_INTAKE,
    profile: {
      ...SAMPLE_INTAKE.profile,
      first_name: 'Margaret',
      last_name: 'Hollis',
      preferred_name: 'Maggie',
    },
  };
  for (const [name, value] of Object.entries(values)) await save(patient, name, value);
  // A second save, so the record has a history of versions.
  await save(patient, 'contact', { ...SAMPLE_INTAKE.contact, preferred_contact_method: 'email' });
  await post(patient, '/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE });
  await post(patient, '/patient/insurance/', {
    version: 0,
    value: {
      ...SAMPLE_COVERAGE,
      insurance_type: 'commercial',
      primary: false,
      payer_name: 'Harbour Mutual',
      member_id: 'HM-00412-77',
      plan_name: 'Silver',
    },
  });
  await post(patient, '/patient/insurance/card/', {
    insurance_type: 'medicare',
    side: 'front',
    content_base64: base64(makeSignaturePng(200, 120)),
  });
  await post(patient, '/patient/insurance/card/', {
    insurance_type: 'medicare',
    side: 'back',
    content_base64: base64(await readFile(CARD_BACK_JPEG)),
  });
  await post(patient, '/patient/intake/submit/', { no_insurance: false });
}

/** A partly filled intake in Chinese, with a draft left open. */
async function partialIntake(patient: PortalClient): Promise<void> {
  await save(patient, 'profile', {
    ...SAMPLE_INTAKE.profile,
    first_name: '秀英',
    last_name: '王',
    preferred_name: '王阿姨',
    preferred_language: 'zh',
  });
  await save(patient, 'contact', {
    ...SAMPLE_INTAKE.contact,
    email: 'wang.xiuying@fixture.example',
    address: {
      line1: '人民路 88 号',
      line2: '3 单元 502 室',
      city: '上海',
      region: '上海市',
      postal_code: '200001',
      country: 'cn',
    },
  });
  await save(
    patient,
    'medical_history',
    { conditions: [{ name: '高血压', since: '2010' }], notes: '早上服药' },
    true,
  );
}

async function assessments(margaret: PortalClient, xiuying: PortalClient): Promise<void> {
  await post(margaret, '/patient/bf_adl/', submission(answersTotalling(60)));
  await post(margaret, '/patient/bf_adl/', submission(answersTotalling(75)));
  await post(margaret, '/patient/bf_adl/', { ...submission({}), draft: true });
  await post(xiuying, '/patient/bf_adl/', submission(answersTotalling(40)));
}

async function template(admin: PortalClient, kind: 'signature' | 'reference', title: string, fields = true) {
  const made = await post<DocumentTemplate>(admin, '/admin/documents/templates/', {
    kind,
    title,
    pdf_base64: base64(await makePdf(2, title)),
  });
  if (!fields) return made;
  return post<DocumentTemplate>(admin, '/admin/documents/templates/fields/', {
    id: made.id,
    fields: SIGNATURE_FIELDS,
  });
}

async function assign(
  admin: PortalClient,
  templateId: string,
  patientId: string,
  opts: { due_at?: string; send?: boolean } = {},
) {
  const answer = await post<{ items: ClinicAssignment[] }>(admin, '/admin/documents/assignments/', {
    template_id: templateId,
    patient_ids: [patientId],
    due_at: opts.due_at ?? new Date(Date.now() + 3650 * DAY).toISOString(),
    send: opts.send ?? true,
  });
  return answer.items[0]!.id;
}

const drawn = () => ({ kind: 'drawn', png_base64: base64(makeSignaturePng()) });
const clinicAction = (admin: PortalClient, id: string, action: string) =>
  post(admin, '/admin/documents/assignment/action/', { id, action });

/** The expiry job runs once a minute: wait until it has moved the document. */
async function untilExpired(admin: PortalClient, id: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const assignment = await admin.get<ClinicAssignment>('/admin/documents/assignment/', { id });
    if (assignment.status === 'expired') return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error('the expiry job did not expire the document');
}

/**
 * A document in every status, signed ones under the server's own certificate and under an
 * uploaded one. Returns the ids of the signed PDFs.
 */
async function documents(w: World): Promise<string[]> {
  const { admin } = w;
  const margaret = w.clients.get(PEOPLE.margaret.email)!;
  const margaretId = w.ids.get(PEOPLE.margaret.email)!;
  const consent = await template(admin, 'signature', 'Consent to device therapy');
  const questionnaire = await template(admin, 'signature', 'Home visit questionnaire');
  // Read by every patient, never assigned.
  await template(admin, 'reference', 'Rollator care guide', false);

  const signedOwn = await assign(admin, consent.id, margaretId);
  await post(margaret, '/patient/sign/', {
    id: signedOwn,
    action: 'sign',
    consent: true,
    signature: drawn(),
  });

  const made = makeCertificate({
    cn: 'Harbour Clinic Signing (fixture)',
    to: new Date(Date.now() + 30 * 365 * DAY),
  });
  await post(admin, '/admin/settings/signing_certificate/', {
    format: 'pkcs12',
    content_base64: pkcs12Of(made, 'fixture passphrase'),
    passphrase: 'fixture passphrase',
  });
  const countersigned = await assign(admin, consent.id, margaretId);
  await post(margaret, '/patient/sign/', {
    id: countersigned,
    action: 'sign',
    consent: true,
    signature: { kind: 'typed', text: 'Margaret Hollis' },
  });
  await clinicAction(admin, countersigned, 'countersign');

  const rejected = await assign(admin, consent.id, margaretId);
  await post(margaret, '/patient/sign/', {
    id: rejected,
    action: 'reject',
    reason: 'The dates on page 2 are wrong',
  });
  const cancelled = await assign(admin, consent.id, margaretId);
  await clinicAction(admin, cancelled, 'cancel');
  await assign(admin, consent.id, margaretId);
  await assign(admin, questionnaire.id, margaretId, { send: false });
  const submitDraft = async () => {
    const id = await assign(admin, questionnaire.id, margaretId, { send: false });
    await post(margaret, '/patient/sign/', { id, action: 'submit', consent: true, signature: drawn() });
    return id;
  };
  await submitDraft();
  const accepted = await submitDraft();
  await clinicAction(admin, accepted, 'accept');
  const expired = await assign(admin, consent.id, margaretId, {
    due_at: new Date(Date.now() + 3_000).toISOString(),
  });
  await assign(admin, consent.id, w.ids.get(PEOPLE.xiuying.email)!);
  await untilExpired(admin, expired);
  return [signedOwn, countersigned];
}

async function messages(w: World): Promise<void> {
  const margaret = w.clients.get(PEOPLE.margaret.email)!;
  const xiuying = w.clients.get(PEOPLE.xiuying.email)!;
  await post(margaret, '/patient/messages/', {
    text: 'Here is the referral letter from my GP.',
    attachment: { name: 'referral-letter.pdf', content_base64: base64(await makePdf(1, 'Referral letter')) },
  });
  const inbox = await w.admin.get<InboxPage>('/admin/messages/');
  const threadOf = (id: string) => inbox.items.find((t) => t.patient.id === id)!.id;
  await post(w.admin, '/admin/messages/reply/', {
    id: threadOf(w.ids.get(PEOPLE.margaret.email)!),
    text: 'Thank you. Attached is the exercise sheet we discussed.',
    attachment: { name: 'exercise-sheet.png', content_base64: base64(makeSignaturePng(180, 90)) },
  });
  await post(margaret, '/patient/messages/read/', {});
  await post(xiuying, '/patient/messages/', { text: '您好，我想改约下周二的复诊时间。' });
  const again = await w.admin.get<InboxPage>('/admin/messages/');
  const xiuyingThread = again.items.find((t) => t.patient.id === w.ids.get(PEOPLE.xiuying.email))!.id;
  await post(w.admin, '/admin/messages/reply/', {
    id: xiuyingThread,
    text: '好的，已为您改到周三上午十点。',
  });
  const assignees = await w.admin.get<{ items: { id: string; name: string }[] }>(
    '/admin/messages/assignees/',
  );
  const priya = assignees.items.find((a) => a.name.startsWith(SECOND_ADMIN.first_name))!;
  await post(w.admin, '/admin/messages/assign/', { id: xiuyingThread, assignee_id: priya.id });
  await post(w.admin, '/admin/messages/status/', { id: xiuyingThread, status: 'closed' });
}

/** TOTP enrolment of Margaret's account; the secret goes into the manifest. */
async function enrolMfa(patient: PortalClient): Promise<string> {
  const enrolment = mfaEnrolment.parse(await post(patient, '/account/mfa/start/', {}));
  await post(patient, '/account/mfa/confirm/', { code: totpAt(enrolment.secret, Date.now()) });
  return enrolment.secret;
}

/** Every read whose answer the upgrade must keep, per account. */
async function readPlan(
  w: World,
  signed: string[],
): Promise<{ as: string; path: string; query?: Record<string, string> }[]> {
  // The logo's bytes come back in the settings (the public route answers the raw image).
  const plan: { as: string; path: string; query?: Record<string, string> }[] = [
    { as: '', path: '/public/config/' },
  ];
  const admin = DEMO_ADMIN.email;
  for (const route of [
    '/admin/settings/',
    '/admin/users/',
    '/admin/documents/templates/',
    '/admin/messages/',
    '/admin/messages/assignees/',
  ]) {
    plan.push({ as: admin, path: route });
  }
  const inbox = await w.admin.get<InboxPage>('/admin/messages/');
  for (const thread of inbox.items) {
    plan.push({ as: admin, path: '/admin/messages/thread/', query: { id: thread.id } });
    const detail = await w.admin.get<ClinicThread>('/admin/messages/thread/', { id: thread.id });
    for (const m of detail.messages.filter((m) => m.attachment)) {
      plan.push({ as: admin, path: '/admin/messages/attachment/', query: { id: m.attachment!.id } });
    }
  }
  for (const id of w.ids.values()) {
    plan.push({ as: admin, path: '/admin/documents/assignments/', query: { patient_id: id } });
    plan.push({ as: admin, path: `/admin/patients/${id}/bf_adl/` });
  }
  for (const id of signed) plan.push({ as: admin, path: '/admin/documents/assignment/pdf/', query: { id } });

  for (const [email, client] of w.clients) {
    for (const route of [
      '/patient/profile/',
      '/patient/contact/',
      '/patient/emergency_content/',
      '/patient/treating_practitioner/',
      '/patient/medical_history/',
      '/patient/insurance/',
      '/patient/intake/',
      '/patient/bf_adl/',
      '/patient/messages/',
      '/account/mfa/',
    ]) {
      plan.push({ as: email, path: route });
    }
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
  }
  return plan;
}

async function perform(w: World, plan: Awaited<ReturnType<typeof readPlan>>): Promise<RecordedRead[]> {
  const reads: RecordedRead[] = [];
  const anonymous = new PortalClient({ baseUrl: w.baseUrl });
  await anonymous.handshake();
  for (const step of plan) {
    const client =
      step.as === '' ? anonymous : step.as === DEMO_ADMIN.email ? w.admin : w.clients.get(step.as)!;
    const answer = await client.get(step.path, step.query);
    reads.push({ ...step, answer: comparable(answer) });
  }
  return reads;
}

/**
 * Writes the fixture's data set through the API of the running release and records what it
 * reads back. Reads run twice and the second pass is kept, so a read's own side effects (a
 * message marked read by opening it) are part of the stored state the manifest describes.
 */
export async function writeScenario(
  baseUrl: string,
  dataDir: string,
): Promise<Pick<FixtureManifest, 'accounts' | 'reads' | 'signed_pdfs'>> {
  const admin = new PortalClient({ baseUrl });
  await admin.handshake();
  await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const w: World = { baseUrl, dataDir, admin, clients: new Map(), ids: new Map() };
  await clinicSettings(admin);
  for (const person of Object.values(PEOPLE)) {
    const { email, ...details } = person;
    w.clients.set(email, await signUpPatient(new PortalClient({ baseUrl }), dataDir, email, details));
    w.ids.set(email, await userId(admin, email));
  }
  await inviteSecondAdmin(w);
  await fullIntake(w.clients.get(PEOPLE.margaret.email)!);
  await partialIntake(w.clients.get(PEOPLE.xiuying.email)!);
  await assessments(w.clients.get(PEOPLE.margaret.email)!, w.clients.get(PEOPLE.xiuying.email)!);
  await messages(w);
  const signed = await documents(w);
  const totpSecret = await enrolMfa(w.clients.get(PEOPLE.margaret.email)!);

  const plan = await readPlan(w, signed);
  await perform(w, plan);
  const reads = await perform(w, plan);
  const accounts: FixtureAccount[] = [
    { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, role: 'admin' },
    { email: SECOND_ADMIN.email, password: SECOND_ADMIN.password, role: 'admin' },
    ...Object.values(PEOPLE).map((p) => ({
      email: p.email,
      password: p.password,
      role: 'patient' as const,
      ...(p === PEOPLE.margaret ? { totp_secret: totpSecret } : {}),
    })),
  ];
  const signed_pdfs = signed.map((id) => ({
    as: PEOPLE.margaret.email,
    path: '/patient/document/',
    query: { id },
  }));
  return { accounts, reads, signed_pdfs };
}
