import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ACTING_FOR_HEADER,
  GRANT_MAX_DAYS,
  mfaEnrolment,
  type CaregiverGrant,
  type InboxPage,
  type ReviewRequest,
  type StaffPreset,
} from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { totpAt } from '../account.ts';
import { answersTotalling, submission } from '../assessment.ts';
import { makePdf, makeSignaturePng } from '../documents.ts';
import { lastMailTo, signUpPatient } from '../reliability.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE } from '../intake-samples.ts';
import { DEMO_ADMIN, DEMO_PATIENT, linkToken } from '../test-portal.ts';
import { base64, post } from './fixture-calls.ts';
import {
  documents,
  documentToExpire,
  templates,
  untilExpired,
  libraryDocument,
  withdrawDemoDocuments,
} from './fixture-documents.ts';
import { integrations } from './fixture-integrations.ts';
import { perform, readPlan, type World } from './fixture-reads.ts';
import type { FixtureAccount, FixtureManifest } from './manifest.ts';

const CARD_BACK_JPEG = path.join(import.meta.dirname, 'assets', 'insurance-card-back.jpg');

/**
 * Fake people (fixture data): one with everything, one writing in Chinese, one who only signed
 * up, one whose hand-in was reviewed and one whose hand-in waits.
 */
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
  amara: {
    email: 'amara.okafor@fixture.example',
    password: 'Fixture-Amara-2026',
    first_name: 'Amara',
    last_name: 'Okafor',
    date_of_birth: '1962-07-19',
    locale: 'gb' as const,
  },
  lukas: {
    email: 'lukas.berger@fixture.example',
    password: 'Fixture-Lukas-2026',
    first_name: 'Lukas',
    last_name: 'Berger',
    date_of_birth: '1980-02-14',
    locale: 'gb' as const,
  },
  // Caregivers: Margaret's daughter, and Xiuying's son whom the clinic recorded.
  eleanor: {
    email: 'eleanor.hollis@fixture.example',
    password: 'Fixture-Eleanor-2026',
    first_name: 'Eleanor',
    last_name: 'Hollis',
    date_of_birth: '1976-05-02',
    locale: 'gb' as const,
  },
  wei: {
    email: 'wang.wei@fixture.example',
    password: 'Fixture-Wei-2026',
    first_name: '伟',
    last_name: '王',
    date_of_birth: '1982-10-21',
    locale: 'cn' as const,
  },
};

interface StaffPerson {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  preset: StaffPreset;
  /** Asks for an e-mail when a patient declines a document. */
  notify_declines: boolean;
}

/** Fake staff, invited with each preset of the access dialog. */
const STAFF = {
  priya: {
    email: 'priya.shah@fixture.example',
    password: 'Fixture-Priya-2026',
    first_name: 'Priya',
    last_name: 'Shah',
    preset: 'clinic_admin',
    notify_declines: false,
  },
  oliver: {
    email: 'oliver.grant@fixture.example',
    password: 'Fixture-Oliver-2026',
    first_name: 'Oliver',
    last_name: 'Grant',
    preset: 'front_desk',
    notify_declines: true,
  },
  ines: {
    email: 'ines.moreau@fixture.example',
    password: 'Fixture-Ines-2026',
    first_name: 'Ines',
    last_name: 'Moreau',
    preset: 'clinician',
    notify_declines: true,
  },
} satisfies Record<string, StaffPerson>;

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

/** Invited with a preset, accepted by e-mail link, signed in; staff who manage documents choose their e-mails. */
async function inviteStaff(w: World, person: StaffPerson): Promise<void> {
  const { email, password, first_name, last_name, preset } = person;
  await post(w.admin, '/admin/users/invite/', {
    email,
    first_name,
    last_name,
    role: 'admin',
    locale: 'gb',
    preset,
  });
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
  await invited.login(email, password);
  if (person.notify_declines) await post(invited, '/account/notifications/', { document_declined: true });
  w.staff.set(email, invited);
}

/** Saves over whatever version is stored (signup already wrote the profile). */
async function save(patient: PortalClient, name: string, value: unknown, draft = false): Promise<void> {
  const { version } = await patient.get<{ version: number }>(`/patient/${name}/`);
  await post(patient, `/patient/${name}/`, { version, value, ...(draft ? { draft } : {}) });
}

const handIn = (patient: PortalClient, noInsurance: boolean) =>
  post(patient, '/patient/intake/submit/', { no_insurance: noInsurance });

/** Every section, two coverages with card images (a PNG and a JPEG), handed in. */
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
  await handIn(patient, false);
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

/** Every section, handed in without insurance. */
async function intakeWithoutInsurance(
  patient: PortalClient,
  person: { first_name: string; last_name: string },
) {
  const { first_name, last_name } = person;
  for (const [name, value] of Object.entries(SAMPLE_INTAKE)) {
    await save(
      patient,
      name,
      name === 'profile' ? { ...value, first_name, last_name, preferred_name: first_name } : value,
    );
  }
  await handIn(patient, true);
}

const review = (w: World, patientId: string, request: ReviewRequest) =>
  post(w.staff.get(STAFF.ines.email)!, `/admin/patients/${patientId}/review/`, request);

/**
 * The review cycle: Margaret is asked to change her contact details, does, and hands in again
 * (waiting as a re-hand-in); Amara's hand-in is reviewed; Lukas's waits for its first review.
 */
async function intakes(w: World): Promise<void> {
  const client = (p: { email: string }) => w.clients.get(p.email)!;
  const id = (p: { email: string }) => w.ids.get(p.email)!;
  await fullIntake(client(PEOPLE.margaret));
  await partialIntake(client(PEOPLE.xiuying));
  await intakeWithoutInsurance(client(PEOPLE.amara), PEOPLE.amara);
  await intakeWithoutInsurance(client(PEOPLE.lukas), PEOPLE.lukas);

  await review(w, id(PEOPLE.margaret), {
    outcome: 'changes_requested',
    sections: ['contact'],
    note: 'Please add a daytime landline: the mobile number goes to voicemail.',
  });
  await save(client(PEOPLE.margaret), 'contact', {
    ...SAMPLE_INTAKE.contact,
    other_phone: '+44 117 900 0456',
    preferred_contact_method: 'other_phone',
  });
  await handIn(client(PEOPLE.margaret), false);
  await review(w, id(PEOPLE.amara), { outcome: 'reviewed' });
}

/** BF-ADL histories: Margaret improves (and keeps a draft); Xiuying and Amara fall far enough to be flagged. */
async function assessments(w: World): Promise<void> {
  const totals: [keyof typeof PEOPLE, number[]][] = [
    ['margaret', [60, 75]],
    ['xiuying', [40, 25]],
    ['amara', [85, 60]],
  ];
  for (const [who, scores] of totals) {
    for (const score of scores) {
      await post(w.clients.get(PEOPLE[who].email)!, '/patient/bf_adl/', submission(answersTotalling(score)));
    }
  }
  await post(w.clients.get(PEOPLE.margaret.email)!, '/patient/bf_adl/', { ...submission({}), draft: true });
}

/**
 * Conversations: Margaret's with attachments both ways, read by both; Xiuying's answered,
 * assigned and closed, the reply unread by her; Lukas's question not yet opened by the clinic.
 */
async function messages(w: World): Promise<void> {
  const margaret = w.clients.get(PEOPLE.margaret.email)!;
  const xiuying = w.clients.get(PEOPLE.xiuying.email)!;
  await post(margaret, '/patient/messages/', {
    text: 'Here is the referral letter from my GP.',
    attachment: { name: 'referral-letter.pdf', content_base64: base64(await makePdf(1, 'Referral letter')) },
  });
  const threadOf = async (email: string) => {
    const inbox = await w.admin.get<InboxPage>('/admin/messages/');
    return inbox.items.find((t) => t.patient.id === w.ids.get(email))!.id;
  };
  await post(w.admin, '/admin/messages/reply/', {
    id: await threadOf(PEOPLE.margaret.email),
    text: 'Thank you. Attached is the exercise sheet we discussed.',
    attachment: { name: 'exercise-sheet.png', content_base64: base64(makeSignaturePng(180, 90)) },
  });
  await post(margaret, '/patient/messages/read/', {});
  await post(xiuying, '/patient/messages/', { text: '您好，我想改约下周二的复诊时间。' });
  const xiuyingThread = await threadOf(PEOPLE.xiuying.email);
  await post(w.admin, '/admin/messages/reply/', {
    id: xiuyingThread,
    text: '好的，已为您改到周三上午十点。',
  });
  const assignees = await w.admin.get<{ items: { id: string; name: string }[] }>(
    '/admin/messages/assignees/',
  );
  const priya = assignees.items.find((a) => a.name.startsWith(STAFF.priya.first_name))!;
  await post(w.admin, '/admin/messages/assign/', { id: xiuyingThread, assignee_id: priya.id });
  await post(w.admin, '/admin/messages/status/', { id: xiuyingThread, status: 'closed' });
  await post(w.clients.get(PEOPLE.lukas.email)!, '/patient/messages/', {
    text: 'Is the rollator covered if I have no insurance?',
  });
}

/** A grant's last day far enough ahead that the fixture's grants are still live when it is read. */
const endsOn = () => new Date(Date.now() + GRANT_MAX_DAYS * 24 * 3600_000).toISOString().slice(0, 10);

/** The invitation's token, once the outbox worker has sent it (their sign-up mail came earlier). */
async function invitationToken(w: World, email: string): Promise<string> {
  for (const deadline = Date.now() + 15_000; ;) {
    const mail = await lastMailTo(w.dataDir, email);
    if (/caregiver\/accept/.test(mail.replace(/=\r?\n/g, ''))) return linkToken(mail, '/caregiver/accept');
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The invitee opens the newest invitation mailed to them and answers it. */
async function answerInvitation(w: World, email: string, decision: 'accept' | 'decline') {
  const token = await invitationToken(w, email);
  await post(w.clients.get(email)!, '/account/caregivers/respond/', { token, decision });
}

/**
 * Grants: Eleanor acts for her mother Margaret (a draft and a message written for her,
 * which the clinic's reply later marks read); an invitation Margaret revoked and one a stranger
 * declined; the clinic allows Xiuying's caregivers to sign and records her son's power of
 * attorney, which he accepts. Runs before the clinic answers the conversations.
 */
async function caregivers(w: World): Promise<void> {
  const margaret = w.clients.get(PEOPLE.margaret.email)!;
  await post(margaret, '/account/caregivers/invite/', {
    email: PEOPLE.eleanor.email,
    relationship: 'Daughter',
    scopes: ['view_intake', 'fill_intake', 'view_assessments', 'write_messages'],
    ends_on: endsOn(),
  });
  await answerInvitation(w, PEOPLE.eleanor.email, 'accept');
  const eleanor = w.clients.get(PEOPLE.eleanor.email)!;
  const forMargaret = { [ACTING_FOR_HEADER]: w.ids.get(PEOPLE.margaret.email)! };
  const actingPost = (path: string, body: unknown) =>
    eleanor.call({ method: 'POST', path, body, encrypt: true, headers: forMargaret });
  await actingPost('/patient/messages/', { text: 'Mum asks whether she should bring her walking frame.' });
  await eleanor.call({ method: 'GET', path: '/patient/bf_adl/', headers: forMargaret });

  const revoked = await post<CaregiverGrant>(margaret, '/account/caregivers/invite/', {
    email: 'neighbour@fixture.example',
    relationship: 'Neighbour',
    scopes: ['write_messages'],
    ends_on: endsOn(),
  });
  await post(margaret, '/account/caregivers/revoke/', { id: revoked.id });
  await post(w.clients.get(PEOPLE.lukas.email)!, '/account/caregivers/invite/', {
    email: PEOPLE.tomasz.email,
    relationship: 'Friend',
    scopes: ['view_documents'],
    ends_on: endsOn(),
  });
  await answerInvitation(w, PEOPLE.tomasz.email, 'decline');

  // Recording a grant that signs takes the clinical permission that decides signing as well as
  // the users' one: the clinic administrator holds both.
  const clinicAdmin = w.staff.get(STAFF.priya.email)!;
  const xiuyingId = w.ids.get(PEOPLE.xiuying.email)!;
  await post(clinicAdmin, `/admin/patients/${xiuyingId}/representative_signing/`, { allowed: true });
  await post(clinicAdmin, `/admin/patients/${xiuyingId}/caregivers/`, {
    email: PEOPLE.wei.email,
    relationship: '儿子',
    scopes: ['view_documents', 'sign_documents', 'write_messages'],
    ends_on: endsOn(),
    authority_kind: 'power_of_attorney',
    authority_file_name: '授权委托书.pdf',
    authority_pdf: base64(await makePdf(1, 'Lasting power of attorney')),
  });
  await answerInvitation(w, PEOPLE.wei.email, 'accept');
}

/** TOTP enrolment of Margaret's account; the secret goes into the manifest. */
async function enrolMfa(patient: PortalClient): Promise<string> {
  const enrolment = mfaEnrolment.parse(await post(patient, '/account/mfa/start/', {}));
  await post(patient, '/account/mfa/confirm/', { code: totpAt(enrolment.secret, Date.now()) });
  return enrolment.secret;
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
  const w: World = { baseUrl, dataDir, admin, clients: new Map(), staff: new Map(), ids: new Map() };
  await clinicSettings(admin);
  await integrations(admin);
  for (const person of Object.values(PEOPLE)) {
    const { email, ...details } = person;
    w.clients.set(email, await signUpPatient(new PortalClient({ baseUrl }), dataDir, email, details));
    w.ids.set(email, await userId(admin, email));
  }
  w.ids.set(DEMO_PATIENT.email, await userId(admin, DEMO_PATIENT.email));
  const margaret = { client: w.clients.get(PEOPLE.margaret.email)!, id: w.ids.get(PEOPLE.margaret.email)! };
  const made = await templates(admin);
  const expiring = await documentToExpire(w, made, margaret.id);

  for (const person of Object.values(STAFF)) await inviteStaff(w, person);
  await intakes(w);
  await assessments(w);
  await caregivers(w);
  await messages(w);
  const xiuying = { client: w.clients.get(PEOPLE.xiuying.email)!, id: w.ids.get(PEOPLE.xiuying.email)! };
  // Each signed PDF with the patient who signed it, who reads it back after the upgrade.
  const signed = [
    ...(await documents(w, made, margaret, { ...xiuying, reason: '我想先和李医生谈谈风险。' })).map((id) => ({
      id,
      as: PEOPLE.margaret.email,
    })),
    { id: await libraryDocument(w, xiuying), as: PEOPLE.xiuying.email },
  ];
  await withdrawDemoDocuments(w);
  const totpSecret = await enrolMfa(margaret.client);
  await untilExpired(admin, expiring);

  const plan = await readPlan(
    w,
    signed.map((s) => s.id),
  );
  await perform(w, plan);
  const reads = await perform(w, plan);
  const accounts: FixtureAccount[] = [
    { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, role: 'admin' },
    ...Object.values(STAFF).map((s) => ({ email: s.email, password: s.password, role: 'admin' as const })),
    ...Object.values(PEOPLE).map((p) => ({
      email: p.email,
      password: p.password,
      role: 'patient' as const,
      ...(p === PEOPLE.margaret ? { totp_secret: totpSecret } : {}),
    })),
  ];
  const signed_pdfs = signed.map(({ id, as }) => ({ as, path: '/patient/document/', query: { id } }));
  return { accounts, reads, signed_pdfs };
}
