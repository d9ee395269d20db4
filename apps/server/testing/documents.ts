import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  ApiError,
  type ClinicAssignment,
  type DocumentField,
  type DocumentTemplate,
  type ErrorCode,
  type PatientDocument,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from './test-portal.ts';
import { pngChunk } from './png-chunk.ts';

export const SIGNATURE_FIELDS: DocumentField[] = [
  { kind: 'signature', page: 1, x: 60, y: 120, width: 200, height: 60 },
  { kind: 'date', page: 1, x: 300, y: 120, width: 120, height: 24 },
  { kind: 'initials', page: 1, x: 460, y: 120, width: 60, height: 24 },
];

/** A real PDF of `pages` pages with a line of text on each. */
export async function makePdf(pages = 1, title = 'Test consent form'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    doc.addPage([595, 842]).drawText(`${title}, page ${i + 1}`, { x: 60, y: 760, size: 16, font });
  }
  return doc.save();
}

/** A minimal valid PNG: a dark stroke across a white canvas, like a drawn signature. */
export function makeSignaturePng(width = 120, height = 40): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4, 0xff);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(y - (height / 2 + Math.sin(x / 8) * (height / 4))) < 2;
      if (onStroke) row.fill(0x20, 1 + x * 4, 1 + x * 4 + 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The patient signs the document with a drawn signature, as the signing screen sends it. */
export function signDrawn(patient: PortalClient, id: string) {
  return patient.post<PatientDocument>(
    '/patient/sign/',
    {
      id,
      action: 'sign',
      consent: true,
      signature: { kind: 'drawn', png_base64: makeSignaturePng().toString('base64') },
    },
    { encrypt: true },
  );
}

/** The protocol code a failed call answered. */
export async function failureCodeOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export async function expectCode(call: Promise<unknown>, code: ErrorCode): Promise<void> {
  expect(await failureCodeOf(call)).toBe(code);
}

export interface DocumentsWorld {
  t: TestPortal;
  admin: PortalClient;
  patient: PortalClient;
  patientId: string;
  /** A second patient, for ownership checks. */
  other: PortalClient;
  otherId: string;
}

let patientCounter = 0;

/** A verified patient account, signed in (signup's e-mail round trip is the auth module's to test). */
export async function addPatient(
  t: TestPortal,
  firstName = 'Robin',
): Promise<{ id: string; client: PortalClient }> {
  const email = `patient${++patientCounter}-${Date.now()}@example.com`;
  const password = 'Documents-test-2025';
  const [user] = await t.portal.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName,
      lastName: 'Tester',
      emailVerifiedAt: t.portal.ctx.now(),
    })
    .returning({ id: users.id });
  return { id: user!.id, client: await t.signedIn(email, password) };
}

let staffCounter = 0;

/** A staff account with exactly `auths` (a preset's permissions, say), signed in. */
export async function addStaff(
  t: TestPortal,
  auths: readonly string[],
  opts: { firstName?: string; locale?: string; notifyDocumentDeclines?: boolean } = {},
): Promise<{ id: string; email: string; client: PortalClient }> {
  const email = `staff${++staffCounter}-${Date.now()}@example.com`;
  const password = 'Staff-test-2025-x';
  const [user] = await t.portal.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: opts.firstName ?? 'Alex',
      lastName: 'Staff',
      locale: opts.locale ?? 'gb',
      roles: ['admin'],
      auths: ['admin', ...auths],
      notifyDocumentDeclines: opts.notifyDocumentDeclines ?? false,
      emailVerifiedAt: t.portal.ctx.now(),
    })
    .returning({ id: users.id });
  return { id: user!.id, email, client: await t.signedIn(email, password) };
}

export async function startDocumentsWorld(): Promise<DocumentsWorld> {
  const t = await startTestPortal();
  const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const patient = await addPatient(t, 'Morgan');
  const other = await addPatient(t, 'Casey');
  return { t, admin, patient: patient.client, patientId: patient.id, other: other.client, otherId: other.id };
}

export async function uploadTemplate(
  admin: PortalClient,
  opts: { kind?: 'reference' | 'signature'; title?: string; pdf?: Uint8Array; fields?: DocumentField[] } = {},
): Promise<DocumentTemplate> {
  const pdf = opts.pdf ?? (await makePdf());
  const template = await admin.post<DocumentTemplate>(
    '/admin/documents/templates/',
    {
      kind: opts.kind ?? 'signature',
      title: opts.title ?? 'Consent to device therapy',
      pdf_base64: Buffer.from(pdf).toString('base64'),
    },
    { encrypt: true },
  );
  if (!opts.fields) return template;
  return admin.post<DocumentTemplate>('/admin/documents/templates/fields/', {
    id: template.id,
    fields: opts.fields,
  });
}

export async function assign(
  admin: PortalClient,
  templateId: string,
  patientIds: string[],
  opts: { due_at?: string; send?: boolean } = {},
): Promise<ClinicAssignment[]> {
  const answer = await admin.post<{ items: ClinicAssignment[] }>(
    '/admin/documents/assignments/',
    { template_id: templateId, patient_ids: patientIds, ...opts },
    { encrypt: true },
  );
  return answer.items;
}

/** Runs Debian's pdfsig on the bytes; returns its report (it exits non-zero on a bad signature). */
export async function pdfsig(dir: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `signed-${Date.now()}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdfsig', [file]);
  return stdout;
}
