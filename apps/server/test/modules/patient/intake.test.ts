import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { INTAKE_RESOURCE_NAMES, type IntakeResourceName } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { DEMO_ADMIN, DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { SAMPLE_COVERAGE, SAMPLE_INTAKE, SENTINEL, TINY_PNG } from '../../../testing/intake-samples.ts';
import { makePdf } from '../../../testing/documents.ts';
import { codeOf, pathsOf } from '../../../testing/answers.ts';
import { signedUpPatient } from '../../../testing/admin.ts';

let t: TestPortal;
let patient: PortalClient;
let other: PortalClient;
beforeAll(async () => {
  t = await startTestPortal();
  patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  other = (await signedUpPatient(t, 'other@example.com')).client;
});
afterAll(() => t.close());

interface State {
  value: Record<string, unknown> | null;
  version: number;
  draft: Record<string, unknown> | null;
}
const get = (c: PortalClient, name: string) => c.get<State>(`/patient/${name}/`);
const save = (c: PortalClient, name: string, body: unknown) =>
  c.send({ method: 'POST', path: `/patient/${name}/`, body, encrypt: true });

describe('intake resources', () => {
  it.each(INTAKE_RESOURCE_NAMES)('%s round-trips through the API, sealed both ways', async (name) => {
    const before = await get(patient, name);
    const answer = await save(patient, name, { version: before.version, value: SAMPLE_INTAKE[name] });
    expect(answer.status).toBe(200);
    expect((answer.body as { salt?: string }).salt).toMatch(/^[A-Za-z]{16}$/);
    const after = await get(patient, name);
    expect(after.version).toBe(before.version + 1);
    expect(after.value).toMatchObject(expectedStored(name));
  });

  it('keeps a draft beside the saved value and drops it when the whole value is saved', async () => {
    const draft = await save(patient, 'treating_practitioner', {
      version: 0,
      draft: true,
      value: { name: 'Dr Half Typed', phone: '' },
    });
    expect(draft.status).toBe(200);
    const state = await get(patient, 'treating_practitioner');
    expect(state.draft).toMatchObject({ name: 'Dr Half Typed' });
    await save(patient, 'treating_practitioner', {
      version: state.version,
      value: SAMPLE_INTAKE.treating_practitioner,
    });
    expect((await get(patient, 'treating_practitioner')).draft).toBeNull();
  });

  it('reads a national phone number in the address country and stores it as E.164', async () => {
    const contact = await get(patient, 'contact');
    const british = {
      ...SAMPLE_INTAKE.contact,
      mobile_phone: '07700 900123',
      other_phone: '+1 (800) 555-0123',
    };
    expect((await save(patient, 'contact', { version: contact.version, value: british })).status).toBe(200);
    const saved = await get(patient, 'contact');
    expect(saved.value).toMatchObject({ mobile_phone: '+447700900123', other_phone: '+18005550123' });

    const address = { ...(SAMPLE_INTAKE.contact.address as object), country: 'US' };
    const american = { ...SAMPLE_INTAKE.contact, mobile_phone: '(201) 555-0123', address };
    expect((await save(patient, 'contact', { version: saved.version, value: american })).status).toBe(200);
    const stored = await get(patient, 'contact');
    expect(stored.value).toMatchObject({ mobile_phone: '+12015550123' });
    await save(patient, 'contact', { version: stored.version, value: SAMPLE_INTAKE.contact });
  });

  it('checks the values a draft does contain', async () => {
    const answer = await save(patient, 'contact', {
      version: 0,
      draft: true,
      value: { mobile_phone: 'call me maybe' },
    });
    expect(codeOf(answer)).toBe(10400);
    expect(pathsOf(answer)).toEqual(['value.mobile_phone']);
  });

  it('answers 10409 when two tabs save over each other, and keeps the first save', async () => {
    const base = await get(patient, 'profile');
    const first = await save(patient, 'profile', {
      version: base.version,
      value: { ...SAMPLE_INTAKE.profile, preferred_name: 'First tab' },
    });
    expect(first.status).toBe(200);
    const second = await save(patient, 'profile', {
      version: base.version,
      value: { ...SAMPLE_INTAKE.profile, preferred_name: 'Second tab' },
    });
    expect(second.status).toBe(409);
    expect(codeOf(second)).toBe(10409);
    expect((await get(patient, 'profile')).value).toMatchObject({ preferred_name: 'First tab' });
  });

  const BAD_FIELDS: Array<[IntakeResourceName, string, unknown]> = [
    ['profile', 'first_name', ''],
    ['profile', 'date_of_birth', '2999-01-01'],
    ['profile', 'date_of_birth', '1990-02-30'],
    ['profile', 'sex_at_birth', 'robot'],
    ['profile', 'preferred_language', 'English!'],
    ['profile', 'height_cm', 900],
    ['profile', 'weight_kg', '70'],
    ['contact', 'mobile_phone', '0117 900'],
    ['contact', 'email', 'not-an-email'],
    ['contact', 'address', { line1: '', city: 'X', postal_code: '1', country: 'GBR' }],
    ['contact', 'preferred_contact_method', 'pigeon'],
    ['emergency_content', 'contacts', []],
    ['emergency_content', 'contacts', [{ name: 'A', relationship: 'spouse', phone: '+447700900456' }]],
    ['treating_practitioner', 'name', ''],
    ['treating_practitioner', 'email', 'doctor@'],
    ['medical_history', 'allergies', [{ substance: 'Nuts', severity: 'deadly' }]],
    ['medical_history', 'mobility_aids', ['cane', 'cane']],
    ['medical_history', 'smoking', 'sometimes'],
    ['medical_history', 'conditions', [{ name: 'X', since: 'last spring' }]],
    ['medical_history', 'notes', 'x'.repeat(4001)],
  ];

  it.each(BAD_FIELDS)(
    'refuses a bad %s.%s with 10400 naming the field, and saves nothing',
    async (name, field, bad) => {
      const before = await get(patient, name);
      const answer = await save(patient, name, {
        version: before.version,
        value: { ...SAMPLE_INTAKE[name], [field]: bad },
      });
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe(10400);
      expect(pathsOf(answer).some((p) => p === `value.${field}` || p.startsWith(`value.${field}.`))).toBe(
        true,
      );
      const after = await get(patient, name);
      expect(after.version).toBe(before.version);
      expect(after.value).toEqual(before.value);
    },
  );

  it('refuses a plain JSON body where a sealed one is required', async () => {
    const answer = await patient.send({
      method: 'POST',
      path: '/patient/profile/',
      body: { version: 0, value: SAMPLE_INTAKE.profile },
    });
    expect(codeOf(answer)).toBe(10400);
  });

  it("never shows one patient another's records", async () => {
    for (const name of INTAKE_RESOURCE_NAMES) {
      expect((await get(other, name)).value?.['first_name'] === 'Pat').toBe(false);
    }
    expect((await get(other, 'medical_history')).value).toBeNull();
  });

  it('refuses an admin token on patient routes with 10403', async () => {
    const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const name of INTAKE_RESOURCE_NAMES) {
      expect(codeOf(await admin.send({ method: 'GET', path: `/patient/${name}/` }))).toBe(10403);
      expect(codeOf(await save(admin, name, { version: 0, value: SAMPLE_INTAKE[name] }))).toBe(10403);
    }
  });
});

describe('insurance', () => {
  it('saves one coverage per type, the primary one naming insurance_type in the token response', async () => {
    const list = await patient.post<Array<{ value: { insurance_type: string; primary: boolean } }>>(
      '/patient/insurance/',
      { version: 0, value: SAMPLE_COVERAGE },
      { encrypt: true },
    );
    expect(list).toHaveLength(1);
    const second = await patient.post<Array<{ value: { insurance_type: string; primary: boolean } }>>(
      '/patient/insurance/',
      {
        version: 0,
        value: { ...SAMPLE_COVERAGE, insurance_type: 'commercial', payer_name: 'Acme Health', primary: true },
      },
      { encrypt: true },
    );
    expect(second.map((c) => [c.value.insurance_type, c.value.primary])).toEqual([
      ['commercial', true],
      ['medicare', false],
    ]);
    expect((await patient.refresh()).insurance_type).toBe('commercial');
  });

  it('deletes a coverage; the remaining one becomes primary; deleting a type the patient lacks is 10404', async () => {
    const after = await patient.post<Array<{ value: { insurance_type: string; primary: boolean } }>>(
      '/patient/insurance/delete/',
      { insurance_type: 'commercial' },
      { encrypt: true },
    );
    expect(after.map((c) => [c.value.insurance_type, c.value.primary])).toEqual([['medicare', true]]);
    expect((await patient.refresh()).insurance_type).toBe('medicare');
    const missing = await patient.send({
      method: 'POST',
      path: '/patient/insurance/delete/',
      body: { insurance_type: 'medicaid' },
      encrypt: true,
    });
    expect(codeOf(missing)).toBe(10404);
    expect(missing.body).toMatchObject({ message: 'Items not found' });
  });

  it('refuses an end date before the start date', async () => {
    const answer = await patient.send({
      method: 'POST',
      path: '/patient/insurance/',
      body: { version: 1, value: { ...SAMPLE_COVERAGE, effective_to: '2020-01-01' } },
      encrypt: true,
    });
    expect(pathsOf(answer)).toEqual(['value.effective_to']);
  });

  const upload = (c: PortalClient, bytes: Buffer, type = 'medicare', side = 'front') =>
    c.send({
      method: 'POST',
      path: '/patient/insurance/card/',
      body: { insurance_type: type, side, content_base64: bytes.toString('base64') },
      encrypt: true,
    });

  it('stores card images judged by content and returns them', async () => {
    const answer = await upload(patient, TINY_PNG);
    expect(answer.status).toBe(200);
    const card = await patient.get<{ mime: string; content_base64: string }>('/patient/insurance/card/', {
      insurance_type: 'medicare',
      side: 'front',
    });
    expect(card.mime).toBe('image/png');
    // Stored as the decoder drew it: the same pixels, encoded again.
    const stored = Buffer.from(card.content_base64, 'base64');
    expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(TINY_PNG).raw().toBuffer());
    const pdf = await upload(patient, Buffer.from(await makePdf()), 'medicare', 'back');
    expect(pdf.status).toBe(200);
  });

  it('refuses other file types with 10415 and files over 5 MB with 10413', async () => {
    const gif = await upload(patient, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(gif.status).toBe(415);
    expect(gif.body).toMatchObject({ code: 10415, message: 'File type is incorrect' });
    const html = await upload(patient, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(codeOf(html)).toBe(10415);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(patient, big);
    expect(tooLarge.status).toBe(413);
    expect(codeOf(tooLarge)).toBe(10413);
  });

  it('keeps cards per patient: another patient reading the slot gets 10404', async () => {
    const answer = await other.send({
      method: 'GET',
      path: '/patient/insurance/card/',
      query: { insurance_type: 'medicare', side: 'front' },
    });
    expect(codeOf(answer)).toBe(10404);
    expect(codeOf(await upload(other, TINY_PNG))).toBe(10404);
  });
});

describe('intake status and submission', () => {
  it('refuses to submit an incomplete intake, naming the missing sections', async () => {
    const answer = await other.send({
      method: 'POST',
      path: '/patient/intake/submit/',
      body: { no_insurance: false },
      encrypt: true,
    });
    expect(codeOf(answer)).toBe(10400);
    expect(pathsOf(answer).sort()).toEqual([
      'contact',
      'emergency_content',
      'insurance',
      'medical_history',
      'profile',
      'treating_practitioner',
    ]);
  });

  it('submits a complete intake', async () => {
    const status = await patient.post<{ complete: boolean; submitted_at: string | null }>(
      '/patient/intake/submit/',
      { no_insurance: false },
      { encrypt: true },
    );
    expect(status.complete).toBe(true);
    expect(status.submitted_at).not.toBeNull();
  });
});

describe('at rest', () => {
  it('keeps no plaintext of what a patient wrote anywhere in the database', async () => {
    const tables = await t.portal.ctx.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toContain('patient_resources');
    for (const table of names) {
      const rows = await t.portal.ctx.db.execute(
        sql.raw(`select row_to_json(t)::text as row from "${table}" t`),
      );
      const dump = (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join('\n');
      expect(dump, table).not.toContain(SENTINEL);
      expect(dump, table).not.toContain('1EG4-TE5-MK73');
      expect(dump, table).not.toContain('Penicillin');
    }
  });
});

/** What the server stores: blanks dropped, phones in E.164, country codes upper-case. */
function expectedStored(name: IntakeResourceName): Record<string, unknown> {
  const stored: Record<IntakeResourceName, Record<string, unknown>> = {
    ...SAMPLE_INTAKE,
    contact: {
      ...SAMPLE_INTAKE.contact,
      other_phone: undefined,
      mobile_phone: '+447700900123',
      address: {
        line1: '1 Harbour Row',
        city: 'Bristol',
        region: 'Avon',
        postal_code: 'BS1 4RN',
        country: 'GB',
      },
    },
    treating_practitioner: { ...SAMPLE_INTAKE.treating_practitioner, fax: undefined },
  };
  return JSON.parse(JSON.stringify(stored[name])) as Record<string, unknown>;
}
