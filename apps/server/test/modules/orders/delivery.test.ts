import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyEquipment } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { loadDocumentFile } from '../../../src/db/document-files.ts';
import { auditLog, deviceDeliveries, deviceOrders, users } from '../../../src/db/schema/index.ts';
import { addMonths } from '../../../src/lib/add-months.ts';
import { purgeGrowingTables } from '../../../src/jobs/purge-growing-tables.ts';
import { deliveryDetailsContext } from '../../../src/modules/orders/sign-for-delivery.ts';
import { actingFor, liveGrant, addCaregiver } from '../../../testing/caregivers.ts';
import { addCatalogueItem, orderAt, orderRow, proofOf, signDelivery } from '../../../testing/deliveries.ts';
import { addPatient, addStaff, expectCode, pdfsig } from '../../../testing/documents.ts';
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';

interface ProofFile {
  file_name: string;
  pdf_base64: string;
}

async function pdfText(t: TestPortal, pdf: Buffer): Promise<string> {
  const file = path.join(t.dataDir, `proof-${Date.now()}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  return stdout;
}

describe('proof of delivery', () => {
  let t: TestPortal;
  let patient: PortalClient;
  let patientId: string;
  let other: PortalClient;
  let otherId: string;
  let walker: string;
  let wheelchair: string;

  beforeAll(async () => {
    t = await startTestPortal();
    ({ client: patient, id: patientId } = await addPatient(t, 'Morgan'));
    ({ client: other, id: otherId } = await addPatient(t, 'Casey'));
    walker = await addCatalogueItem(t);
    wheelchair = await addCatalogueItem(t, {
      hcpcs: 'K0001',
      nameGb: 'Standard wheelchair',
      nameCn: '标准轮椅',
      supply: 'rental',
      rentalMonths: 13,
    });
  });
  afterAll(() => t.close());

  it('gives the patient a signed PDF that pdfsig reports valid, naming the patient, each item and the signer', async () => {
    const id = await orderAt(t, patientId, [
      { catalogueItemId: walker, quantity: 2, serialNumber: 'WK-2231' },
    ]);
    const answer = await signDelivery(patient, proofOf(id));
    expect(answer.order).toMatchObject({ id, status: 'delivered', has_proof: true });
    const order = await orderRow(t, id);
    expect(order.status).toBe('delivered');
    expect(order.deliveredAt).not.toBeNull();

    const proof = await patient.get<ProofFile>('/patient/orders/proof/', { id });
    expect(proof.file_name).toMatch(/^proof-of-delivery-.+\.pdf$/);
    const pdf = Buffer.from(proof.pdf_base64, 'base64');
    const report = await pdfsig(t.dataDir, pdf);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const text = await pdfText(t, pdf);
    expect(text).toContain('Proof of delivery');
    expect(text).toContain('Full name: Morgan Tester');
    expect(text).toContain('12 Harbour Road, Portsmouth PO1 3AX');
    expect(text).toMatch(/Folding walker with wheels \(HCPCS E0143\), quantity 2, serial number WK-2231/);
    expect(text).toContain('2026-11-29');
    expect(text).toContain('Printed name of the signer: Morgan Tester');
    expect(text).toContain('Relationship to the patient: The patient');
    expect(text).toMatch(/not\s+employed by the supplier/);
    expect(text).toContain('Audit certificate');
    expect(text).toMatch(/patient: deliver \(out_for_delivery -> delivered\)/);

    const [row] = await t.portal.ctx.db
      .select()
      .from(deviceDeliveries)
      .where(eq(deviceDeliveries.orderId, id));
    const details = JSON.parse(
      t.portal.ctx.cipher.decrypt(row!.details, deliveryDetailsContext(id)).toString(),
    );
    expect(details).toMatchObject({ signer: 'patient', address: '12 Harbour Road, Portsmouth PO1 3AX' });
  });

  it('lets a designee sign on the patient’s phone with their relationship, and staff read the proof, audited', async () => {
    const id = await orderAt(t, patientId, [{ catalogueItemId: walker }]);
    await signDelivery(
      patient,
      proofOf(id, {
        signer: 'designee',
        signer_name: '王小红',
        relationship: 'neighbour',
        signature: { kind: 'typed', text: '王小红' },
      }),
    );
    const desk = await addStaff(t, ['manage_orders']);
    const proof = await desk.client.get<ProofFile>('/admin/orders/proof/', { id });
    const text = await pdfText(t, Buffer.from(proof.pdf_base64, 'base64'));
    expect(text).toContain('王小红');
    expect(text).toContain('Relationship to the patient: Neighbour');
    expect(text).toMatch(/serial number —/);
    const reads = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.proof_read'), eq(auditLog.target, `device_orders:${id}`)));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: desk.id, subjectId: patientId });

    const stranger = await addStaff(t, ['manage_documents']);
    await expectCode(stranger.client.get('/admin/orders/proof/', { id }), 10403);
  });

  it('refuses a designee without a relationship (10400)', async () => {
    const id = await orderAt(t, patientId, [{ catalogueItemId: walker }]);
    await expectCode(signDelivery(patient, proofOf(id, { signer: 'designee', relationship: null })), 10400);
  });

  it('lets a caregiver sign as representative only where the clinic allows it', async () => {
    const caregiver = await addCaregiver(t, 'Dana');
    await liveGrant(t, patientId, caregiver.id, ['view_orders', 'act_on_orders']);
    const daughter = actingFor(caregiver.client, patientId);
    const id = await orderAt(t, patientId, [{ catalogueItemId: walker }]);
    const asRepresentative = proofOf(id, {
      signer: 'representative',
      signer_name: 'Dana Carer',
      relationship: 'daughter',
    });
    await expectCode(signDelivery(daughter, asRepresentative), 10403);

    await t.portal.ctx.db
      .update(users)
      .set({ representativeSigningAllowed: true })
      .where(eq(users.id, patientId));
    await expectCode(signDelivery(daughter, { ...asRepresentative, signer: 'patient' }), 10403);
    await signDelivery(daughter, asRepresentative);
    expect((await orderRow(t, id)).status).toBe('delivered');
    const proof = await daughter.get<ProofFile>('/patient/orders/proof/', { id });
    const text = await pdfText(t, Buffer.from(proof.pdf_base64, 'base64'));
    expect(text).toContain('Relationship to the patient: Daughter');
    expect(text).toMatch(/as authorised representative of Morgan Tester/);
    const [row] = await t.portal.ctx.db
      .select()
      .from(deviceDeliveries)
      .where(eq(deviceDeliveries.orderId, id));
    expect(row).toMatchObject({ signedBy: caregiver.id });
  });

  it('names the reader for the printed name: the patient, or a caregiver as themself', async () => {
    const caregiver = await addCaregiver(t, 'Robin');
    await liveGrant(t, patientId, caregiver.id, ['view_orders']);
    expect((await patient.get<MyEquipment>('/patient/orders/')).signer_name).toBe('Morgan Tester');
    const helping = actingFor(caregiver.client, patientId);
    expect((await helping.get<MyEquipment>('/patient/orders/')).signer_name).toBe('Robin Carer');
  });

  it('answers 10404 to a caregiver naming an order of someone other than the patient they act for', async () => {
    const caregiver = await addCaregiver(t, 'Sasha');
    await liveGrant(t, patientId, caregiver.id, ['view_orders', 'act_on_orders']);
    await t.portal.ctx.db
      .update(users)
      .set({ representativeSigningAllowed: true })
      .where(eq(users.id, patientId));
    const helping = actingFor(caregiver.client, patientId);
    const atCaseysDoor = await orderAt(t, otherId, [{ catalogueItemId: walker }]);
    const asRepresentative = proofOf(atCaseysDoor, {
      signer: 'representative',
      signer_name: 'Sasha Carer',
      relationship: 'friend',
    });
    await expectCode(signDelivery(helping, asRepresentative), 10404);
    expect((await orderRow(t, atCaseysDoor)).status).toBe('out_for_delivery');

    const deliveredToCasey = await orderAt(t, otherId, [{ catalogueItemId: walker }]);
    await signDelivery(other, proofOf(deliveredToCasey, { signer_name: 'Casey Tester' }));
    await expectCode(helping.get('/patient/orders/proof/', { id: deliveredToCasey }), 10404);
    const seen = await helping.get<MyEquipment>('/patient/orders/');
    expect(seen.orders.map((order) => order.id)).not.toContain(deliveredToCasey);
    // Acting for Casey, whom the caregiver does not help, reads nothing of hers.
    await expectCode(actingFor(caregiver.client, otherId).get('/patient/orders/'), 10404);
  });

  it('refuses a staff account (10403): the supplier’s staff may not sign', async () => {
    const id = await orderAt(t, patientId, [{ catalogueItemId: walker }]);
    const desk = await addStaff(t, ['manage_orders']);
    await expectCode(signDelivery(desk.client, proofOf(id)), 10403);
    expect((await orderRow(t, id)).status).toBe('out_for_delivery');
  });

  it('refuses an order not out for delivery (10409) and another patient’s order (10404)', async () => {
    const approved = await orderAt(t, patientId, [{ catalogueItemId: walker }], 'approved');
    await expectCode(signDelivery(patient, proofOf(approved)), 10409);
    await expectCode(patient.get('/patient/orders/proof/', { id: approved }), 10404);

    const mine = await orderAt(t, patientId, [{ catalogueItemId: walker }]);
    await expectCode(signDelivery(other, proofOf(mine)), 10404);
    await expectCode(signDelivery(patient, proofOf(mine, { version: 7 })), 10409);
    await signDelivery(patient, proofOf(mine));
    await expectCode(other.get('/patient/orders/proof/', { id: mine }), 10404);
    await expectCode(signDelivery(patient, proofOf(mine)), 10409);
  });

  it('puts an order with a rented item into its rental at delivery, ending after its months', async () => {
    const id = await orderAt(t, patientId, [
      { catalogueItemId: walker },
      { catalogueItemId: wheelchair, serialNumber: 'WC-88' },
    ]);
    const answer = await signDelivery(patient, proofOf(id));
    const order = await orderRow(t, id);
    expect(order.status).toBe('in_rental');
    const started = order.rentalStartedAt!;
    expect(order.rentalEndsAt).toEqual(addMonths(started, 13));
    expect(answer.order.rental).toEqual({
      started_at: started.toISOString(),
      months_total: 13,
      months_used: 1,
      ends_at: addMonths(started, 13).toISOString(),
    });
  });

  it('ends a rental begun on a month’s last day on the last day of its final month, as the server counts', async () => {
    const id = await orderAt(t, patientId, [{ catalogueItemId: wheelchair }]);
    const [row] = await t.portal.ctx.db
      .update(deviceOrders)
      .set({ rentalStartedAt: new Date('2027-01-31T10:00:00.000Z') })
      .where(eq(deviceOrders.id, id))
      .returning({ ends: deviceOrders.rentalEndsAt });
    expect(row!.ends).toEqual(new Date('2028-02-29T10:00:00.000Z'));
    expect(addMonths(new Date('2027-01-31T10:00:00.000Z'), 13)).toEqual(row!.ends);
  });

  it('keeps every proof through the purge, past the seven years from the date of service', async () => {
    const id = await orderAt(t, patientId, [{ catalogueItemId: walker }]);
    await signDelivery(patient, proofOf(id));
    const eightYearsOn = new Date(t.portal.ctx.now().getTime() + 8 * 366 * 86_400_000);
    await purgeGrowingTables(t.portal.ctx, eightYearsOn);
    const [row] = await t.portal.ctx.db
      .select()
      .from(deviceDeliveries)
      .where(eq(deviceDeliveries.orderId, id));
    const file = await loadDocumentFile(t.portal.ctx, t.portal.ctx.db, row!.signedFileId);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
