import { asc, eq } from 'drizzle-orm';
import type {
  CodeableConcept,
  Device,
  DeviceRequest,
  Identifier,
  Patient,
  Practitioner,
  Reference,
  SupplyDelivery,
} from '@medplum/fhirtypes';
import type { OrderStatus } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { catalogueItems, deviceOrderItems, deviceOrders, users } from '../../db/schema/index.ts';
import type { AddToBundle } from '../assessment/index.ts';

/** HL7 Terminology's canonical URI for HCPCS Level II (OID 2.16.840.1.113883.6.285). */
export const HCPCS_SYSTEM = 'http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets';

/**
 * R4's RequestStatus for each of ours. A request is fulfilled once delivered, unless a rental
 * still runs under it (monthly rental, the return); a cancelled order is revoked.
 */
const REQUEST_STATUS: Record<OrderStatus, DeviceRequest['status']> = {
  draft: 'draft',
  submitted: 'active',
  on_hold: 'on-hold',
  approved: 'active',
  delivery_scheduled: 'active',
  out_for_delivery: 'active',
  delivered: 'completed',
  in_rental: 'active',
  return_scheduled: 'active',
  returned: 'completed',
  completed: 'completed',
  cancelled: 'revoked',
};

/** A device handed back at the end of its rental is no longer the patient's. */
const RETURNED: readonly OrderStatus[] = ['returned'];

async function loadOrderLines(db: Queryable, patientId: string) {
  return db
    .select({
      orderId: deviceOrders.id,
      status: deviceOrders.status,
      orderUpdatedAt: deviceOrders.updatedAt,
      prescribedAt: deviceOrders.prescribedAt,
      createdAt: deviceOrders.createdAt,
      deliveredAt: deviceOrders.deliveredAt,
      prescriberId: users.id,
      prescriberFirstName: users.firstName,
      prescriberLastName: users.lastName,
      itemId: deviceOrderItems.id,
      quantity: deviceOrderItems.quantity,
      serialNumber: deviceOrderItems.serialNumber,
      hcpcs: catalogueItems.hcpcs,
      nameGb: catalogueItems.nameGb,
      nameCn: catalogueItems.nameCn,
    })
    .from(deviceOrders)
    .innerJoin(deviceOrderItems, eq(deviceOrderItems.orderId, deviceOrders.id))
    .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
    .leftJoin(users, eq(users.id, deviceOrders.prescribedBy))
    .where(eq(deviceOrders.patientId, patientId))
    .orderBy(
      asc(deviceOrders.createdAt),
      asc(deviceOrders.id),
      asc(catalogueItems.hcpcs),
      asc(deviceOrderItems.id),
    );
}
type OrderLine = Awaited<ReturnType<typeof loadOrderLines>>[number];

const hcpcs = (line: OrderLine): CodeableConcept => ({
  coding: [{ system: HCPCS_SYSTEM, code: line.hcpcs }],
  text: line.nameGb,
});

/**
 * The patient's device orders for the FHIR record export: each ordered item as a DeviceRequest
 * (one per item, since R4 codes one device per request; the items of one order share its
 * groupIdentifier), and each delivered item as the Device handed over and its SupplyDelivery.
 * R4 lets SupplyDelivery.basedOn name only a SupplyRequest, so a delivery carries its request's
 * identifier instead. The caller audits the export as a whole.
 */
export async function addOrderResources(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
  subject: Reference<Patient>,
  add: AddToBundle,
): Promise<void> {
  const base = `${ctx.config.publicUrl}/fhir`;
  const prescribers = new Map<string, Reference<Practitioner>>();
  const prescriberOf = (line: OrderLine): Reference<Practitioner> | undefined => {
    if (!line.prescriberId) return undefined;
    const name = `${line.prescriberFirstName ?? ''} ${line.prescriberLastName ?? ''}`.trim();
    let ref = prescribers.get(line.prescriberId);
    if (!ref) {
      ref = add<Practitioner>({
        resourceType: 'Practitioner',
        id: line.prescriberId,
        name: [{ text: name }],
      });
      prescribers.set(line.prescriberId, ref);
    }
    return { ...ref, display: name };
  };

  for (const line of await loadOrderLines(db, patientId)) {
    const itemIdentifier: Identifier = { system: `${base}/device-order-item`, value: line.itemId };
    const authoredOn = line.prescribedAt ?? line.createdAt;
    // Each of the three is one ordered item: the item row's id names all of them (decision 0036).
    const item = { id: line.itemId, meta: { lastUpdated: line.orderUpdatedAt.toISOString() } };
    add<DeviceRequest>({
      resourceType: 'DeviceRequest',
      ...item,
      identifier: [itemIdentifier],
      groupIdentifier: { system: `${base}/device-order`, value: line.orderId },
      status: REQUEST_STATUS[line.status],
      intent: 'order',
      codeCodeableConcept: hcpcs(line),
      parameter: [{ code: { text: 'quantity' }, valueQuantity: { value: line.quantity } }],
      subject,
      authoredOn: authoredOn.toISOString(),
      requester: prescriberOf(line),
    });
    if (!line.deliveredAt) continue;
    const device = add<Device>({
      resourceType: 'Device',
      ...item,
      status: RETURNED.includes(line.status) ? 'inactive' : 'active',
      serialNumber: line.serialNumber ?? undefined,
      deviceName: [
        { name: line.nameGb, type: 'user-friendly-name' },
        { name: line.nameCn, type: 'user-friendly-name' },
      ],
      type: hcpcs(line),
      patient: subject,
    });
    add<SupplyDelivery>({
      resourceType: 'SupplyDelivery',
      ...item,
      identifier: [itemIdentifier],
      status: 'completed',
      patient: subject,
      suppliedItem: { quantity: { value: line.quantity }, itemReference: device },
      occurrenceDateTime: line.deliveredAt.toISOString(),
    });
  }
}
