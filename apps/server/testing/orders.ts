import type {
  CatalogueItem,
  CatalogueItemRequest,
  DeviceOrder,
  MoveOrderRequest,
  MyEquipment,
  OrderResult,
  PatientOrders,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { addPatient, addStaff } from './documents.ts';
import { SAMPLE_COVERAGE } from './intake-samples.ts';
import { startTestPortal, type TestPortal } from './test-portal.ts';

/** A standard wheelchair, rented under Medicare's capped rental, needing a recent BF-ADL. */
export const WHEELCHAIR: CatalogueItemRequest = {
  hcpcs: 'K0001',
  category: 'mobility',
  name_gb: 'Standard wheelchair',
  name_cn: '标准轮椅',
  prepare_gb: 'Clear a path from the door.',
  prepare_cn: '清理门口通道。',
  supply: 'rental',
  rental_months: 13,
  resupply_days: null,
  maintenance_months: 12,
  requires_prescription: true,
  requires_prior_authorisation: false,
  bf_adl_within_days: 90,
  form_template_id: null,
  manual_template_id: null,
  active: true,
};

export interface OrdersWorld {
  t: TestPortal;
  /** `manage_orders`: the orders desk. */
  desk: PortalClient;
  deskId: string;
  /** `read_chart`: the prescriber. */
  clinician: PortalClient;
  clinicianId: string;
  patient: PortalClient;
  patientId: string;
  /** A second patient, for ownership checks. */
  other: PortalClient;
  otherId: string;
}

export async function startOrdersWorld(): Promise<OrdersWorld> {
  const t = await startTestPortal();
  const desk = await addStaff(t, ['manage_orders'], { firstName: 'Desk' });
  const clinician = await addStaff(t, ['read_chart'], { firstName: 'Clinician' });
  const patient = await addPatient(t, 'Morgan');
  const other = await addPatient(t, 'Casey');
  return {
    t,
    desk: desk.client,
    deskId: desk.id,
    clinician: clinician.client,
    clinicianId: clinician.id,
    patient: patient.client,
    patientId: patient.id,
    other: other.client,
    otherId: other.id,
  };
}

export const saveCatalogueItem = (desk: PortalClient, item: CatalogueItemRequest) =>
  desk.post<CatalogueItem>('/admin/catalogue/', item, { encrypt: true });

export async function prescribe(
  clinician: PortalClient,
  patientId: string,
  catalogueItemId: string,
  opts: { submit?: boolean; note?: string } = {},
): Promise<DeviceOrder> {
  const answer = await clinician.post<OrderResult>(
    '/admin/orders/',
    { patient_id: patientId, items: [{ catalogue_item_id: catalogueItemId, quantity: 1 }], ...opts },
    { encrypt: true },
  );
  return answer.order;
}

export async function move(
  staff: PortalClient,
  order: { id: string; version: number },
  action: MoveOrderRequest['action'],
  extra: Partial<MoveOrderRequest> = {},
): Promise<DeviceOrder> {
  const answer = await staff.post<OrderResult>(
    '/admin/orders/move/',
    { id: order.id, version: order.version, action, ...extra },
    { encrypt: true },
  );
  return answer.order;
}

export async function offerSlots(
  desk: PortalClient,
  order: { id: string; version: number },
  slots: { starts_at: string; ends_at: string }[],
): Promise<DeviceOrder> {
  const answer = await desk.post<OrderResult>(
    '/admin/orders/slots/',
    { id: order.id, version: order.version, slots },
    { encrypt: true },
  );
  return answer.order;
}

export async function ordersOf(staff: PortalClient, patientId: string): Promise<DeviceOrder[]> {
  return (await staff.get<PatientOrders>('/admin/orders/', { patient_id: patientId })).items;
}

export const myEquipment = (patient: PortalClient) => patient.get<MyEquipment>('/patient/orders/');

/** The patient puts an insurance card on file, as the intake's insurance step does. */
export const addCoverage = (patient: PortalClient) =>
  patient.post('/patient/insurance/', { version: 0, value: SAMPLE_COVERAGE }, { encrypt: true });

/** A window `hoursAhead` from the clinic's now, `length` hours long. */
export function window(t: TestPortal, hoursAhead: number, length = 4) {
  const start = t.clock.now().getTime() + hoursAhead * 3_600_000;
  return {
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + length * 3_600_000).toISOString(),
  };
}
