import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Codes,
  orderTransition,
  PROOF_OF_DELIVERY_CONSENT,
  ProtocolError,
  type OrderResult,
  type proofOfDeliveryRequest,
  type Role,
} from '@portal/protocol';
import { VOCABULARY } from '@portal/protocol/vocabulary';
import type { AppContext, RequestMeta } from '../../context.ts';
import { storeDocumentFile } from '../../db/document-files.ts';
import {
  catalogueItems,
  deviceDeliveries,
  deviceOrderEvents,
  deviceOrderItems,
  deviceOrders,
  users,
} from '../../db/schema/index.ts';
import type { CertificateEvent } from '../../lib/pdf/certificate-page.ts';
import { checkSignatureImage } from '../../lib/pdf/signature-image.ts';
import { clinicIdentity, signingCredentials } from '../settings/index.ts';
import { buildProofPdfInWorker, type DeliveryRecord } from './build-proof-pdf.ts';
import { orderView } from './order-view.ts';
import { recordDelivery } from './record-delivery.ts';

type ProofInput = z.output<typeof proofOfDeliveryRequest>;

/** The signed-in account at the door: the patient's own, or a caregiver's acting for them. */
export interface DoorSigner {
  userId: string;
  roles: readonly Role[];
}

/** The details of a proof are PHI (a name, a relationship, an address): encrypted, bound to the order. */
export const deliveryDetailsContext = (orderId: string) => `device-delivery:${orderId}`;

/**
 * `POST /patient/orders/deliver/`: the patient, a designee handed the patient's phone, or a
 * caregiver acting as representative signs for an order out for delivery. The PDF is built and
 * signed before the transaction (CPU-heavy, no locks held); the transaction stores it and makes
 * the move only if nobody moved the order meanwhile.
 */
export async function signForDelivery(
  ctx: AppContext,
  signer: DoorSigner,
  patientId: string,
  input: ProofInput,
  meta: RequestMeta,
): Promise<OrderResult> {
  // The supplier's staff may not sign as designee (device-orders.md): no staff account signs.
  if (signer.roles.includes('admin')) throw new ProtocolError(Codes.forbidden);
  const [order] = await ctx.db
    .select({
      id: deviceOrders.id,
      patientId: deviceOrders.patientId,
      status: deviceOrders.status,
      version: deviceOrders.version,
    })
    .from(deviceOrders)
    .where(and(eq(deviceOrders.id, input.id), eq(deviceOrders.patientId, patientId)));
  if (!order) throw new ProtocolError(Codes.itemsNotFound);
  const [patient, account] = await Promise.all([personOf(ctx, patientId), personOf(ctx, signer.userId)]);
  checkSignerKind(input, meta, patient.representativeSigningAllowed);
  if (!orderTransition(order.status, 'deliver', 'patient') || order.version !== input.version) {
    throw new ProtocolError(Codes.conflict);
  }
  const signature = await checkSignatureImage(input.signature);
  const signedAt = ctx.now();
  const relationship =
    input.signer === 'patient' ? 'The patient' : VOCABULARY.gb.designeeRelationship[input.relationship!];
  const [credentials, clinic, history, items] = await Promise.all([
    signingCredentials(ctx),
    clinicIdentity(ctx),
    historyOf(ctx, order.id),
    itemsOf(ctx, order.id),
  ]);
  const record: DeliveryRecord = {
    clinic: clinic.name,
    orderId: order.id,
    patientName: patient.name,
    address: input.address,
    items,
    receivedOn: input.received_on,
    signerName: input.signer_name,
    relationship,
    consentText: PROOF_OF_DELIVERY_CONSENT.gb,
    signature,
    signedAt,
  };
  const onBehalf = meta.onBehalf;
  const signing: CertificateEvent = {
    at: signedAt.toISOString(),
    action: 'deliver',
    actor: 'patient',
    from_status: order.status,
    to_status: 'delivered',
    ip: meta.ip,
    user_agent: meta.userAgent,
    on_behalf_by: onBehalf ? account.name : null,
  };
  const pdf = await buildProofPdfInWorker(ctx.workers, {
    record,
    certificate: {
      clinic: clinic.name,
      clinicLogo: clinic.logo,
      title: `Proof of delivery, order ${order.id}`,
      templateVersion: null,
      edition: account.locale === 'cn' ? 'cn' : 'gb',
      signerName: input.signer_name,
      signerEmail: account.email,
      ...(onBehalf && { representativeOf: { patientName: patient.name, grantId: onBehalf.grantId } }),
      ip: meta.ip,
      userAgent: meta.userAgent,
      consentText:
        account.locale === 'cn'
          ? `${PROOF_OF_DELIVERY_CONSENT.gb} (Shown to the signer in Chinese.)`
          : PROOF_OF_DELIVERY_CONSENT.gb,
      events: [...history, signing],
    },
    credentials,
  });
  const details = {
    signer: input.signer,
    signer_name: input.signer_name,
    relationship: input.relationship,
    address: input.address,
    received_on: input.received_on,
  };
  return ctx.db.transaction(async (tx) => {
    const file = await storeDocumentFile(ctx, tx, pdf, 'application/pdf');
    await recordDelivery(ctx, tx, {
      order,
      actor: 'patient',
      actorId: patientId,
      meta,
      serials: [],
    });
    await tx.insert(deviceDeliveries).values({
      orderId: order.id,
      signedFileId: file.id,
      details: ctx.cipher.encrypt(
        Buffer.from(JSON.stringify(details), 'utf8'),
        deliveryDetailsContext(order.id),
      ),
      signedBy: onBehalf?.caregiverId ?? signer.userId,
      grantId: onBehalf?.grantId ?? null,
      signedAt,
    });
    return { order: await orderView(ctx, tx, order.id, { kind: 'patient' }) };
  });
}

/**
 * The patient signs as themself or hands the phone to a designee; a caregiver signed in signs as
 * representative, and only where the clinic allows this patient's caregivers to (decision 0023).
 */
function checkSignerKind(input: ProofInput, meta: RequestMeta, representativeSigningAllowed: boolean) {
  if (meta.onBehalf) {
    if (input.signer !== 'representative' || !representativeSigningAllowed) {
      throw new ProtocolError(Codes.forbidden);
    }
  } else if (input.signer === 'representative') {
    throw new ProtocolError(Codes.forbidden);
  }
}

async function personOf(ctx: AppContext, id: string) {
  const [user] = await ctx.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      locale: users.locale,
      representativeSigningAllowed: users.representativeSigningAllowed,
    })
    .from(users)
    .where(eq(users.id, id));
  return { ...user!, name: `${user!.firstName} ${user!.lastName}` };
}

async function itemsOf(ctx: AppContext, orderId: string): Promise<DeliveryRecord['items']> {
  return ctx.db
    .select({
      name: catalogueItems.nameGb,
      hcpcs: catalogueItems.hcpcs,
      quantity: deviceOrderItems.quantity,
      serialNumber: deviceOrderItems.serialNumber,
    })
    .from(deviceOrderItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
    .where(eq(deviceOrderItems.orderId, orderId))
    .orderBy(asc(catalogueItems.hcpcs), asc(deviceOrderItems.id));
}

/** The order's history so far, for the certificate (who moved it, never a note). */
async function historyOf(ctx: AppContext, orderId: string): Promise<CertificateEvent[]> {
  const rows = await ctx.db
    .select({
      at: deviceOrderEvents.at,
      action: deviceOrderEvents.action,
      actor: deviceOrderEvents.actor,
      fromStatus: deviceOrderEvents.fromStatus,
      toStatus: deviceOrderEvents.toStatus,
    })
    .from(deviceOrderEvents)
    .where(eq(deviceOrderEvents.orderId, orderId))
    .orderBy(asc(deviceOrderEvents.at));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    ip: null,
    user_agent: null,
    on_behalf_by: null,
  }));
}
