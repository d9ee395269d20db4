import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  Bundle,
  Device,
  DeviceRequest,
  Practitioner,
  Resource,
  SupplyDelivery,
} from '@medplum/fhirtypes';
import { STAFF_PRESETS, type OrderAction, type OrderStatus } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import {
  auditLog,
  catalogueItems,
  deviceOrderItems,
  deviceOrders,
  users,
} from '../../../src/db/schema/index.ts';
import { HCPCS_SYSTEM } from '../../../src/modules/orders/orders-to-fhir.ts';
import { moveOrder, recordDelivery } from '../../../src/modules/orders/index.ts';
import { validateFhir } from '../../../testing/fhir-validator.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { addPatient, addStaff } from '../../../testing/documents.ts';

const DAY_MS = 24 * 3600_000;

let t: TestPortal;
let demoPatient: PortalClient;
let demoPatientId: string;
beforeAll(async () => {
  t = await startTestPortal();
  demoPatient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  const [row] = await t.portal.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PATIENT.email));
  demoPatientId = row!.id;
});
afterAll(() => t.close());

const resourcesOf = <T extends Resource>(bundle: Bundle, type: T['resourceType']) =>
  (bundle.entry ?? []).filter((e) => e.resource?.resourceType === type).map((e) => e.resource as T);

const byReference = (bundle: Bundle, reference: string | undefined) =>
  bundle.entry?.find((e) => `${e.resource?.resourceType}/${e.resource?.id}` === reference)?.resource;

/** An order of `hcpcs` for `patientId`, walked by the state table's moves as the desk would. */
async function orderWalkedThrough(patientId: string, hcpcs: string, actions: readonly OrderAction[]) {
  const { db } = t.portal.ctx;
  const [item] = await db.select().from(catalogueItems).where(eq(catalogueItems.hcpcs, hcpcs));
  const [order] = await db
    .insert(deviceOrders)
    .values({ patientId, status: 'draft', prescribedAt: t.portal.ctx.now() })
    .returning();
  const [line] = await db
    .insert(deviceOrderItems)
    .values({ orderId: order!.id, catalogueItemId: item!.id, quantity: 1 })
    .returning();
  let state = { id: order!.id, patientId, status: 'draft' as OrderStatus, version: 1 };
  for (const action of actions) {
    const common = { order: state, actorId: null, meta: null };
    const status =
      action === 'deliver'
        ? await recordDelivery(t.portal.ctx, db, {
            ...common,
            actor: 'orders_desk',
            serials: [{ itemId: line!.id, serialNumber: `SN-${hcpcs}` }],
          })
        : await moveOrder(t.portal.ctx, db, {
            ...common,
            action,
            actor: action === 'submit' || action === 'cancel' ? 'prescriber' : 'orders_desk',
            holdReason: action === 'hold' ? 'prior_authorisation_pending' : undefined,
          });
    const [now] = await db.select().from(deviceOrders).where(eq(deviceOrders.id, state.id));
    expect(now!.status).toBe(status);
    state = { ...state, status, version: now!.version };
  }
}

describe('device orders in the FHIR export', () => {
  it("exports the demo patient's orders, deliveries and devices as R4 resources that validate", async () => {
    const bundle = await demoPatient.get<Bundle>('/patient/export/fhir/');
    expect(() => validateFhir(bundle)).not.toThrow();
    for (const entry of bundle.entry ?? []) {
      expect(() => validateFhir(entry.resource as Resource), JSON.stringify(entry.resource)).not.toThrow();
    }
    const patientUrl = `Patient/${bundle.entry!.find((e) => e.resource?.resourceType === 'Patient')!.resource!.id}`;

    const requests = resourcesOf<DeviceRequest>(bundle, 'DeviceRequest');
    expect(requests.map((r) => [r.codeCodeableConcept?.coding?.[0]?.code, r.status])).toEqual([
      // The CPAP was delivered first (95 days ago), then the wheelchair (in its rental), then the walker.
      ['A7030', 'completed'],
      ['A7031', 'completed'],
      ['A7038', 'completed'],
      ['E0601', 'completed'],
      ['K0001', 'active'],
      ['E0143', 'completed'],
    ]);
    const walker = requests.at(-1)!;
    expect(walker).toMatchObject({
      intent: 'order',
      subject: { reference: patientUrl },
      codeCodeableConcept: {
        coding: [{ system: HCPCS_SYSTEM, code: 'E0143' }],
        text: 'Folding walker with wheels',
      },
      requester: { display: 'Chris Clinician' },
      parameter: [{ code: { text: 'quantity' }, valueQuantity: { value: 1 } }],
    });
    expect(byReference(bundle, walker.requester?.reference)).toMatchObject<Partial<Practitioner>>({
      resourceType: 'Practitioner',
      name: [{ text: 'Chris Clinician' }],
    });
    // One prescriber, one Practitioner, however many orders they wrote.
    const prescriberRefs = new Set(requests.map((r) => r.requester?.reference));
    expect(prescriberRefs.size).toBe(1);
    // The items of one order share its group identifier.
    const groups = requests.map((r) => r.groupIdentifier?.value);
    expect(new Set(groups.slice(0, 4)).size).toBe(1);
    expect(new Set(groups).size).toBe(3);

    const deliveries = resourcesOf<SupplyDelivery>(bundle, 'SupplyDelivery');
    expect(deliveries).toHaveLength(requests.length);
    for (const [i, delivery] of deliveries.entries()) {
      expect(delivery).toMatchObject({ status: 'completed', patient: { reference: patientUrl } });
      // A delivery names the request it fulfils by that request's identifier (R4's basedOn is SupplyRequest only).
      expect(delivery.identifier).toEqual(requests[i]!.identifier);
      const device = byReference(bundle, delivery.suppliedItem?.itemReference?.reference) as Device;
      expect(device.resourceType).toBe('Device');
      expect(device.type?.coding?.[0]).toEqual(requests[i]!.codeCodeableConcept?.coding?.[0]);
      expect(device.patient).toEqual({ reference: patientUrl });
    }
    const walkerDelivery = deliveries.at(-1)!;
    const walkerDays = (Date.now() - Date.parse(walkerDelivery.occurrenceDateTime!)) / DAY_MS;
    expect(Math.round(walkerDays)).toBe(36);
    expect(walkerDelivery.suppliedItem?.quantity).toEqual({ value: 1 });
    expect(byReference(bundle, walkerDelivery.suppliedItem?.itemReference?.reference)).toMatchObject({
      status: 'active',
      serialNumber: 'WLK-2611-04817',
      deviceName: [
        { name: 'Folding walker with wheels', type: 'user-friendly-name' },
        { name: '带轮折叠助行器', type: 'user-friendly-name' },
      ],
    });
    const filters = deliveries.find((d) => {
      const device = byReference(bundle, d.suppliedItem?.itemReference?.reference) as Device;
      return device.type?.coding?.[0]?.code === 'A7038';
    });
    expect(filters?.suppliedItem?.quantity).toEqual({ value: 2 });
  });

  it("gives the clinic's export the same resources, and audits each export once", async () => {
    const clinician = await addStaff(t, STAFF_PRESETS.clinician);
    const clinic = await clinician.client.get<Bundle>(`/admin/patients/${demoPatientId}/export/fhir/`);
    const own = await demoPatient.get<Bundle>('/patient/export/fhir/');
    // Decision 0036: the same resources with the same ids, whoever exports them.
    expect(clinic.entry).toEqual(own.entry);
    expect(resourcesOf(clinic, 'DeviceRequest')).toHaveLength(6);
    const rows = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chart.export'), eq(auditLog.actorId, clinician.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({ format: 'fhir', resources: clinic.entry!.length });
  });

  it("maps each status to R4's RequestStatus, and a returned rental's device as inactive", async () => {
    const patient = await addPatient(t);
    const toDelivery = ['submit', 'approve', 'schedule', 'dispatch', 'deliver'] as const;
    await orderWalkedThrough(patient.id, 'E0163', []);
    await orderWalkedThrough(patient.id, 'E0163', ['submit', 'hold']);
    await orderWalkedThrough(patient.id, 'E0163', ['submit', 'cancel']);
    await orderWalkedThrough(patient.id, 'E1390', ['submit', 'approve']);
    await orderWalkedThrough(patient.id, 'E0260', [...toDelivery, 'schedule_return', 'return']);

    const bundle = await patient.client.get<Bundle>('/patient/export/fhir/');
    for (const entry of bundle.entry ?? []) {
      expect(() => validateFhir(entry.resource as Resource), JSON.stringify(entry.resource)).not.toThrow();
    }
    const requests = resourcesOf<DeviceRequest>(bundle, 'DeviceRequest');
    expect(requests.map((r) => r.status)).toEqual(['draft', 'on-hold', 'revoked', 'active', 'completed']);
    // Ordered by the desk, not a clinician: no requester to name.
    expect(requests[0]!.requester).toBeUndefined();
    const devices = resourcesOf<Device>(bundle, 'Device');
    expect(devices.map((d) => [d.serialNumber, d.status])).toEqual([['SN-E0260', 'inactive']]);
    expect(resourcesOf<SupplyDelivery>(bundle, 'SupplyDelivery')).toHaveLength(1);
  });

  it('refuses a DeviceRequest without its intent, so the checks above can fail', () => {
    const request = { resourceType: 'DeviceRequest', status: 'active', subject: { reference: 'Patient/1' } };
    expect(() => validateFhir(request as unknown as Resource)).toThrow(/DeviceRequest.intent/);
  });
});
