import { z } from 'zod';
import { isoTime } from './admin-api.ts';
import { documentSignature } from './documents.ts';
import { HoldReason, OrderAction, OrderActor, OrderStatus, ORDER_EVENT_ACTIONS } from './order-status.ts';

export * from './order-status.ts';

// Decision 0035: device orders. Staff paths under /admin/orders/ and /admin/catalogue/, the
// patient's (and an acting caregiver's) under /patient/orders/. Every answer is sealed: an order
// says what a patient needs.

// ---- The catalogue ----

export const CatalogueCategory = z.enum(['mobility', 'respiratory', 'bathroom', 'bedroom', 'supplies']);
export type CatalogueCategory = z.infer<typeof CatalogueCategory>;

/** Bought outright, or rented month by month. */
export const SupplyKind = z.enum(['purchase', 'rental']);
export type SupplyKind = z.infer<typeof SupplyKind>;

/** A HCPCS Level II code: one letter, four digits (E0143, K0001, A7030). */
export const HCPCS_PATTERN = /^[A-V][0-9]{4}$/;

const optionalDays = (max: number) => z.number().int().min(1).max(max).nullable();

const catalogueFields = z.object({
  hcpcs: z.string().trim().toUpperCase().regex(HCPCS_PATTERN, 'Expected a HCPCS code such as E0143'),
  category: CatalogueCategory,
  name_gb: z.string().trim().min(1, 'Required').max(200),
  name_cn: z.string().trim().min(1, 'Required').max(200),
  prepare_gb: z.string().trim().max(1_000).default(''),
  prepare_cn: z.string().trim().max(1_000).default(''),
  supply: SupplyKind,
  /** Months of a rental (capped rentals: 13; oxygen: 36); null for a purchase. */
  rental_months: optionalDays(60),
  /** Days between resupplies (a cushion: 30; a mask: 90); null when never resupplied. */
  resupply_days: optionalDays(1_825),
  maintenance_months: optionalDays(120),
  requires_prescription: z.boolean(),
  requires_prior_authorisation: z.boolean(),
  /** A BF-ADL answered within this many days before it ships; null when none is needed. */
  bf_adl_within_days: optionalDays(365),
  /** A published library form the patient signs before it ships. */
  form_template_id: z.uuid().nullable(),
  /** The published library document that is its manual. */
  manual_template_id: z.uuid().nullable(),
  active: z.boolean(),
});

const rentalRule = (item: { supply: SupplyKind; rental_months: number | null }) =>
  (item.supply === 'rental') === (item.rental_months !== null);
const rentalRuleIssue = {
  message: 'A rental needs its months; a purchase has none',
  path: ['rental_months'],
};

/** `POST /admin/catalogue/`: a new item (no `id`) or a change to one (`id` and the `version` read). */
export const catalogueItemRequest = catalogueFields
  .extend({ id: z.uuid().optional(), version: z.number().int().min(1).optional() })
  .refine(rentalRule, rentalRuleIssue);
export type CatalogueItemRequest = z.input<typeof catalogueItemRequest>;

export const catalogueItem = catalogueFields.extend({
  id: z.uuid(),
  version: z.number().int(),
  updated_at: isoTime,
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

/** `GET /admin/catalogue/`: every item, active first, by category and name (sealed: Catalogue). */
export const catalogue = z.object({ items: z.array(catalogueItem) });
export type Catalogue = z.infer<typeof catalogue>;

// ---- What an order reads as ----

/** An item's name in both languages: the reader's screen picks one. */
export const itemNames = z.object({ gb: z.string(), cn: z.string() });

export const orderItem = z.object({
  id: z.uuid(),
  catalogue_item_id: z.uuid(),
  hcpcs: z.string(),
  name: itemNames,
  category: CatalogueCategory,
  supply: SupplyKind,
  quantity: z.number().int(),
  serial_number: z.string().nullable(),
  /** The manual: a library document the patient can open. */
  manual_template_id: z.uuid().nullable(),
  prepare: itemNames,
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderHold = z.object({
  id: z.uuid(),
  reason: HoldReason,
  opened_at: isoTime,
  /** On a hold the patient clears: the step that clears it. */
  step: z.enum(['add_insurance', 'answer_bf_adl', 'sign_form']).nullable(),
  /** On `sign_form`: the document to sign. */
  assignment_id: z.uuid().nullable(),
});
export type OrderHold = z.infer<typeof orderHold>;

export const deliverySlot = z.object({ id: z.uuid(), starts_at: isoTime, ends_at: isoTime });
export type DeliverySlot = z.infer<typeof deliverySlot>;

export const orderEvent = z.object({
  at: isoTime,
  action: z.enum(ORDER_EVENT_ACTIONS),
  actor: OrderActor,
  /** Who, as the reader may know them: a staff member's or caregiver's name; null for the server. */
  actor_name: z.string().nullable(),
  from_status: OrderStatus.nullable(),
  to_status: OrderStatus.nullable(),
  hold_reason: HoldReason.nullable(),
  /** Why, in the actor's words; staff only (null on the patient's timeline). */
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

export const rentalProgress = z.object({
  started_at: isoTime,
  months_total: z.number().int(),
  /** The month the rental is in, 1-based (the third month: 3). */
  months_used: z.number().int(),
  ends_at: isoTime,
});

export const deviceOrder = z.object({
  id: z.uuid(),
  patient_id: z.uuid(),
  status: OrderStatus,
  version: z.number().int(),
  items: z.array(orderItem),
  /** Open holds only. */
  holds: z.array(orderHold),
  /** Offered and not withdrawn, soonest first; empty once one is chosen. */
  slots: z.array(deliverySlot),
  delivery: z.object({ starts_at: isoTime, ends_at: isoTime }).nullable(),
  prescribed_by: z.string().nullable(),
  created_at: isoTime,
  approved_at: isoTime.nullable(),
  delivered_at: isoTime.nullable(),
  rental: rentalProgress.nullable(),
  maintenance_due_at: isoTime.nullable(),
  /** Approved this long with nothing shipped (ORDER_OVERDUE_DAYS). */
  overdue: z.boolean(),
  has_proof: z.boolean(),
  resupply_of: z.uuid().nullable(),
  thread_id: z.uuid().nullable(),
  /** The moves the reader may make now (the state table's, for their role). */
  actions: z.array(OrderAction),
  events: z.array(orderEvent),
});
export type DeviceOrder = z.infer<typeof deviceOrder>;

// ---- Staff ----

/** `GET /admin/orders/?patient_id=`: a patient's orders, newest first (sealed: PatientOrders). */
export const patientOrdersQuery = z.object({ patient_id: z.uuid() });
export const patientOrders = z.object({ items: z.array(deviceOrder) });
export type PatientOrders = z.infer<typeof patientOrders>;

/** `POST /admin/orders/`: a clinician prescribes; `submit: false` keeps a draft. */
export const createOrderRequest = z.object({
  patient_id: z.uuid(),
  items: z
    .array(z.object({ catalogue_item_id: z.uuid(), quantity: z.number().int().min(1).max(99) }))
    .min(1, 'Required')
    .max(20),
  note: z.string().trim().max(2_000).default(''),
  submit: z.boolean().default(true),
});
export type CreateOrderRequest = z.input<typeof createOrderRequest>;

/** `POST /admin/orders/move/`: one move of the state table, with why. */
export const moveOrderRequest = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  action: OrderAction,
  /** `hold`: the reason to add; `release`: the hold to clear (the order returns to `submitted` when none is left). */
  reason: HoldReason.optional(),
  note: z.string().trim().max(1_000).default(''),
  /** `dispatch` or the desk's `deliver`: serial numbers by order item. */
  serials: z
    .array(z.object({ item_id: z.uuid(), serial_number: z.string().trim().min(1).max(80) }))
    .max(20)
    .default([]),
});
export type MoveOrderRequest = z.input<typeof moveOrderRequest>;

/** Delivery windows are at least an hour and at most a day long, and begin in the future. */
export const MAX_OFFERED_SLOTS = 6;

/** `POST /admin/orders/slots/`: offers windows on an approved order, replacing any earlier offer. */
export const offerSlotsRequest = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  slots: z
    .array(
      z.object({ starts_at: z.iso.datetime({ offset: true }), ends_at: z.iso.datetime({ offset: true }) }),
    )
    .min(1, 'Required')
    .max(MAX_OFFERED_SLOTS),
});
export type OfferSlotsRequest = z.input<typeof offerSlotsRequest>;

/** Every staff and patient write answers with the order as it now stands (sealed: DeviceOrder). */
export const orderResult = z.object({ order: deviceOrder });
export type OrderResult = z.infer<typeof orderResult>;

// ---- The patient (and an acting caregiver) ----

/** The patient's own tasks from their orders, for the welcome page. */
export const OrderTaskKind = z.enum(['clear_hold', 'choose_slot', 'answer_resupply']);
export const orderTask = z.object({
  kind: OrderTaskKind,
  order_id: z.uuid(),
  /** On `clear_hold`. */
  hold: orderHold.nullable(),
  /** On `answer_resupply`. */
  prompt_id: z.uuid().nullable(),
  /** The first item's name, to say which order. */
  name: itemNames,
});
export type OrderTask = z.infer<typeof orderTask>;

export const ResupplyCondition = z.enum(['good', 'worn', 'broken']);
export type ResupplyCondition = z.infer<typeof ResupplyCondition>;

export const resupplyPrompt = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  eligible_at: isoTime,
  /** The items due again. */
  items: z.array(orderItem),
});
export type ResupplyPrompt = z.infer<typeof resupplyPrompt>;

/** `GET /patient/orders/`: "My equipment" (sealed: MyEquipment). */
export const myEquipment = z.object({
  orders: z.array(deviceOrder),
  tasks: z.array(orderTask),
  resupplies: z.array(resupplyPrompt),
  /**
   * The signed-in account's full name (a caregiver's own, not the patient's): the printed name a
   * proof of delivery starts with.
   */
  signer_name: z.string(),
});
export type MyEquipment = z.infer<typeof myEquipment>;

/**
 * `POST /patient/orders/slot/`: chooses one of the offered windows; `POST /admin/orders/slot/`: the
 * desk books one for the patient.
 */
export const chooseSlotRequest = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  slot_id: z.uuid(),
});
export type ChooseSlotRequest = z.input<typeof chooseSlotRequest>;

/** `POST /patient/orders/resupply/`: the usual questions before a resupply ships. */
export const resupplyAnswerRequest = z.object({
  prompt_id: z.uuid(),
  still_in_use: z.boolean(),
  condition: ResupplyCondition,
});
export type ResupplyAnswerRequest = z.input<typeof resupplyAnswerRequest>;
export const resupplyAnswerResult = z.object({ new_order: deviceOrder.nullable() });

/** `POST /patient/orders/message/`: "I need supplies" or "report a fault", in the order's thread. */
export const orderMessageRequest = z.object({
  id: z.uuid(),
  topic: z.enum(['supplies', 'fault']),
  text: z.string().trim().min(1, 'Required').max(5_000),
});
export type OrderMessageRequest = z.input<typeof orderMessageRequest>;
export const orderMessageResult = z.object({ thread_id: z.uuid() });

/**
 * Who signs for a delivery besides the patient (device-orders.md): a designee names their
 * relationship. The supplier and its staff are not on the list: they may not sign.
 */
export const DesigneeRelationship = z.enum([
  'spouse',
  'partner',
  'son',
  'daughter',
  'parent',
  'sibling',
  'other_relative',
  'friend',
  'neighbour',
  'carer',
  'other',
]);
export type DesigneeRelationship = z.infer<typeof DesigneeRelationship>;

/**
 * What the signer declares, shown on the signing screen and printed on the proof. The supplier,
 * its staff and anyone with a financial interest in the delivery may not sign (device-orders.md).
 */
export const PROOF_OF_DELIVERY_CONSENT: Record<'gb' | 'cn', string> = {
  gb:
    'I received the items listed on the date shown. I am the patient, or I sign for the patient with ' +
    'the relationship shown; I am not employed by the supplier and have no financial interest in this ' +
    'delivery. I agree to sign electronically, and I accept that my electronic signature has the same ' +
    'effect as my handwritten signature.',
  cn: '我已于所示日期收到所列物品。我是患者本人，或以所示关系代表患者签收；我不受雇于供应商，与本次送货无经济利益关系。我同意以电子方式签署，并接受我的电子签名与手写签名具有同等效力。',
};

/**
 * `POST /patient/orders/deliver/`: the proof of delivery, signed at the door on a phone. `signer`
 * is the patient, a designee handed the patient's phone, or the caregiver signed in and acting
 * (`representative`: their grant's representative signing, decision 0023).
 */
export const proofOfDeliveryRequest = z
  .object({
    id: z.uuid(),
    version: z.number().int().min(1),
    signer: z.enum(['patient', 'designee', 'representative']),
    /** The printed name. */
    signer_name: z.string().trim().min(1, 'Required').max(200),
    relationship: DesigneeRelationship.nullable(),
    address: z.string().trim().min(1, 'Required').max(500),
    /** The date the patient or designee received it: the date of service. */
    received_on: z.iso.date(),
    signature: documentSignature,
    consent: z.literal(true, { error: 'Consent is required' }),
  })
  .refine((proof) => proof.signer === 'patient' || proof.relationship !== null, {
    message: 'Required',
    path: ['relationship'],
  });
export type ProofOfDeliveryRequest = z.input<typeof proofOfDeliveryRequest>;

/** `GET /patient/orders/proof/?id=` and `GET /admin/orders/proof/?id=`: the signed PDF (sealed). */
export const proofOfDeliveryFile = z.object({ file_name: z.string(), pdf_base64: z.string() });
