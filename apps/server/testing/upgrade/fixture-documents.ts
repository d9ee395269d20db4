import type { ClinicAssignment, DocumentField, DocumentTemplate, TemplateDetail } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { makeCertificate, pkcs12Of } from '../certificates.ts';
import { makePdf, makeSignaturePng, SIGNATURE_FIELDS } from '../documents.ts';
import { DEMO_PATIENT } from '../test-portal.ts';
import { base64, post } from './fixture-calls.ts';
import type { World } from './fixture-reads.ts';

const DAY = 24 * 3600_000;
/** Far enough that no document of the fixture falls due, or close to it, while the fixture is in use. */
const DISTANT = () => new Date(Date.now() + 3650 * DAY).toISOString();

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
    due_at: opts.due_at ?? DISTANT(),
    send: opts.send ?? true,
  });
  return answer.items[0]!.id;
}

const drawn = () => ({ kind: 'drawn', png_base64: base64(makeSignaturePng()) });
const clinicAction = (admin: PortalClient, id: string, action: string) =>
  post(admin, '/admin/documents/assignment/action/', { id, action });

export interface Templates {
  consent: DocumentTemplate;
  questionnaire: DocumentTemplate;
  agreement: DocumentTemplate;
  photoConsent: DocumentTemplate;
}

/** The templates, one read by every patient; a patient has at most one document of a template open at a time. */
export async function templates(admin: PortalClient): Promise<Templates> {
  const made = {
    consent: await template(admin, 'signature', 'Consent to device therapy'),
    questionnaire: await template(admin, 'signature', 'Home visit questionnaire'),
    agreement: await template(admin, 'signature', 'Home exercise agreement'),
    photoConsent: await template(admin, 'signature', 'Consent to clinical photographs'),
  };
  await template(admin, 'reference', 'Rollator care guide', false);
  return made;
}

/**
 * A document due in seconds, sent first so the expiry job (once a minute) moves it while the
 * rest is written. Returns its id, for `untilExpired`.
 */
export function documentToExpire(w: World, t: Templates, patientId: string): Promise<string> {
  return assign(w.admin, t.photoConsent.id, patientId, {
    due_at: new Date(Date.now() + 3_000).toISOString(),
  });
}

export async function untilExpired(admin: PortalClient, id: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const assignment = await admin.get<ClinicAssignment>('/admin/documents/assignment/', { id });
    if (assignment.status === 'expired') return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the expiry job did not expire the document');
}

/**
 * A document in every status for `patient`, signed ones under the server's own certificate
 * and under an uploaded one, a declined one re-sent; `other` declines theirs and leaves it so.
 * Returns the ids of the signed PDFs.
 */
export async function documents(
  w: World,
  t: Templates,
  patient: { client: PortalClient; id: string },
  other: { client: PortalClient; id: string; reason: string },
): Promise<string[]> {
  const { admin } = w;
  const sign = (id: string, signature: unknown) =>
    post(patient.client, '/patient/sign/', { id, action: 'sign', consent: true, signature });

  const signedOwn = await assign(admin, t.consent.id, patient.id);
  await sign(signedOwn, drawn());
  const made = makeCertificate({
    cn: 'Harbour Clinic Signing (fixture)',
    to: new Date(Date.now() + 30 * 365 * DAY),
  });
  await post(admin, '/admin/settings/signing_certificate/', {
    format: 'pkcs12',
    content_base64: pkcs12Of(made, 'fixture passphrase'),
    passphrase: 'fixture passphrase',
  });
  const countersigned = await assign(admin, t.consent.id, patient.id);
  await sign(countersigned, { kind: 'typed', text: 'Margaret Hollis' });
  await clinicAction(admin, countersigned, 'countersign');

  const cancelled = await assign(admin, t.consent.id, patient.id);
  await clinicAction(admin, cancelled, 'cancel');
  const declined = await assign(admin, t.consent.id, patient.id);
  await post(patient.client, '/patient/sign/', {
    id: declined,
    action: 'reject',
    reason: 'The dates on page 2 are wrong',
  });
  // The re-send is the consent now awaiting signature.
  await post(admin, '/admin/documents/assignment/resend/', { id: declined, due_at: DISTANT() });

  const submitted = async () => {
    const id = await assign(admin, t.questionnaire.id, patient.id, { send: false });
    await post(patient.client, '/patient/sign/', { id, action: 'submit', consent: true, signature: drawn() });
    return id;
  };
  await clinicAction(admin, await submitted(), 'accept');
  await submitted();
  await assign(admin, t.agreement.id, patient.id, { send: false });

  const theirs = await assign(admin, t.consent.id, other.id);
  await post(other.client, '/patient/sign/', { id: theirs, action: 'reject', reason: other.reason });
  return [signedOwn, countersigned];
}

/**
 * The demo patient's seeded consent falls due two weeks after the seed: withdrawn, so nothing in
 * the fixture moves with the clock but the BF-ADL schedule.
 */
export async function withdrawDemoDocuments(w: World): Promise<void> {
  const patientId = w.ids.get(DEMO_PATIENT.email)!;
  const { items } = await w.admin.get<{ items: ClinicAssignment[] }>('/admin/documents/assignments/', {
    patient_id: patientId,
  });
  for (const item of items.filter((i) => i.status === 'pending_signature')) {
    await clinicAction(w.admin, item.id, 'cancel');
  }
}

/**
 * A consent from the library in gb and cn, published, sent to a patient who reads Chinese and
 * signed in the cn edition; then a version 2 with its fields moved. Returns the signed document.
 */
export async function libraryDocument(
  w: World,
  reader: { client: PortalClient; id: string },
): Promise<string> {
  const { admin } = w;
  // The PDFs' own text is Latin (makePdf writes Helvetica); the cn title is the edition's.
  const edition = async (title: string, text: string) => ({
    title,
    pdf_base64: base64(await makePdf(1, text)),
  });
  const made = await post<TemplateDetail>(admin, '/admin/documents/library/template/', {
    kind: 'signature',
    gb: await edition('Consent to remote monitoring', 'Consent to remote monitoring'),
    cn: await edition('远程监测同意书', 'Remote monitoring consent, cn edition'),
  });
  const setFields = (fields: DocumentField[], language: 'gb' | 'cn') =>
    post(admin, '/admin/documents/library/fields/', { id: made.id, language, fields });
  await setFields(SIGNATURE_FIELDS, 'gb');
  await setFields(SIGNATURE_FIELDS, 'cn');
  await post(admin, '/admin/documents/library/publish/', { id: made.id, version: 1 });
  const id = await assign(admin, made.id, reader.id);
  await post(reader.client, '/patient/sign/', {
    id,
    action: 'sign',
    consent: true,
    language: 'cn',
    signature: drawn(),
  });
  await setFields(
    SIGNATURE_FIELDS.map((field) => ({ ...field, y: field.y + 200 })),
    'gb',
  );
  await post(admin, '/admin/documents/library/publish/', { id: made.id, version: 2 });
  return id;
}
