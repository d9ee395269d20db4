import { eq } from 'drizzle-orm';
import type { OrderResult, OrderStatus, ProofOfDeliveryRequest } from '@portal/protocol';
import { catalogueItems, deviceOrderItems, deviceOrders } from '../src/db/schema/index.ts';
import { makeSignaturePng } from './documents.ts';
import type { TestPortal } from './test-portal.ts';

type CatalogueRow = typeof catalogueItems.$inferInsert;

/** A catalogue item: a purchased walker unless told otherwise. */
export async function addCatalogueItem(t: TestPortal, fields: Partial<CatalogueRow> = {}): Promise<string> {
  const [item] = await t.portal.ctx.db
    .insert(catalogueItems)
    .values({
      hcpcs: 'E0143',
      category: 'mobility',
      nameGb: 'Folding walker with wheels',
      nameCn: '带轮折叠助行架',
      supply: 'purchase',
      requiresPrescription: false,
      ...fields,
    })
    .returning({ id: catalogueItems.id });
  return item!.id;
}

/**
 * An order standing at `status`, as the desk's moves would leave it: the steps before the door
 * are the orders module's own to test, the delivery starts here.
 */
export async function orderAt(
  t: TestPortal,
  patientId: string,
  items: readonly { catalogueItemId: string; quantity?: number; serialNumber?: string | null }[],
  status: OrderStatus = 'out_for_delivery',
): Promise<string> {
  const { db } = t.portal.ctx;
  const now = t.portal.ctx.now();
  const [order] = await db
    .insert(deviceOrders)
    .values({ patientId, status, prescribedAt: now, submittedAt: now, approvedAt: now, dispatchedAt: now })
    .returning({ id: deviceOrders.id });
  await db.insert(deviceOrderItems).values(
    items.map((item) => ({
      orderId: order!.id,
      catalogueItemId: item.catalogueItemId,
      quantity: item.quantity ?? 1,
      serialNumber: item.serialNumber ?? null,
    })),
  );
  return order!.id;
}

export async function orderRow(t: TestPortal, id: string) {
  const [row] = await t.portal.ctx.db.select().from(deviceOrders).where(eq(deviceOrders.id, id));
  return row!;
}

/** A proof as the signing screen sends it: the patient signs with a drawn signature. */
export function proofOf(
  orderId: string,
  fields: Partial<ProofOfDeliveryRequest> = {},
): ProofOfDeliveryRequest {
  return {
    id: orderId,
    version: 1,
    signer: 'patient',
    signer_name: 'Morgan Tester',
    relationship: null,
    address: '12 Harbour Road, Portsmouth PO1 3AX',
    received_on: '2026-11-29',
    signature: { kind: 'drawn', png_base64: makeSignaturePng().toString('base64') },
    consent: true,
    ...fields,
  };
}

/** A client, or a caregiver's acting for a patient (caregivers.ts `actingFor`). */
type Poster = { post<T>(path: string, body: unknown, opts?: { encrypt?: boolean }): Promise<T> };

export const signDelivery = (client: Poster, proof: ProofOfDeliveryRequest) =>
  client.post<OrderResult>('/patient/orders/deliver/', proof, { encrypt: true });
