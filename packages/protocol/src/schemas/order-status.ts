import { z } from 'zod';

/** A device order's statuses, read by server and web alike (decision 0035). */
export const OrderStatus = z.enum([
  'draft',
  'submitted',
  'on_hold',
  'approved',
  'delivery_scheduled',
  'out_for_delivery',
  'delivered',
  'in_rental',
  'return_scheduled',
  'returned',
  'completed',
  'cancelled',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Why an order waits, as device suppliers name it (device-orders.md "Holds suppliers name"). */
export const HoldReason = z.enum([
  'prescription_needed',
  'prior_authorisation_pending',
  'insurance_issue',
  'assessment_needed',
  'signature_needed',
  'patient_unreachable',
]);
export type HoldReason = z.infer<typeof HoldReason>;

/**
 * Holds the patient (or a caregiver acting for them) clears with one step of their own: adding an
 * insurance card, answering the BF-ADL, signing the order's form. They show as the patient's
 * tasks and clear themselves when the step is done; every other hold is the staff's.
 */
export const PATIENT_HOLDS = [
  'insurance_issue',
  'assessment_needed',
  'signature_needed',
] as const satisfies readonly HoldReason[];
export type PatientHold = (typeof PATIENT_HOLDS)[number];
export const isPatientHold = (reason: HoldReason): reason is PatientHold =>
  (PATIENT_HOLDS as readonly HoldReason[]).includes(reason);

/**
 * Who makes a move: a prescriber (a clinician, `read_chart`), the orders desk (`manage_orders`),
 * the patient or a caregiver acting for them, or the server itself (a hold cleared by the
 * patient's own step, a rental begun at delivery).
 */
export const OrderActor = z.enum(['prescriber', 'orders_desk', 'patient', 'system']);
export type OrderActor = z.infer<typeof OrderActor>;

export const OrderAction = z.enum([
  'submit',
  'hold',
  'release',
  'approve',
  'schedule',
  'dispatch',
  'deliver',
  'start_rental',
  'schedule_return',
  'return',
  'complete',
  'cancel',
]);
export type OrderAction = z.infer<typeof OrderAction>;

/** Every action an order's history records: the moves, its creation and the slots offered. */
export const ORDER_EVENT_ACTIONS = [...OrderAction.options, 'create', 'offer_slots', 'clear_hold'] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

export interface OrderTransition {
  from: OrderStatus;
  action: OrderAction;
  to: OrderStatus;
  actors: readonly OrderActor[];
}

const desk = ['orders_desk'] as const;
const deskOrSystem = ['orders_desk', 'system'] as const;
const cancellers = ['prescriber', 'orders_desk'] as const;

/**
 * The one table of allowed moves. Anything not listed is refused with 10409, whoever asks. A hold
 * moves an order to `on_hold` (or adds a reason while it is there); `release` takes it back to
 * `submitted` when its last hold clears, so the desk approves only an order nothing holds.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // The server submits the resupply a patient confirmed.
  { from: 'draft', action: 'submit', to: 'submitted', actors: ['prescriber', 'system'] },
  { from: 'submitted', action: 'hold', to: 'on_hold', actors: deskOrSystem },
  { from: 'on_hold', action: 'hold', to: 'on_hold', actors: deskOrSystem },
  { from: 'approved', action: 'hold', to: 'on_hold', actors: desk },
  { from: 'on_hold', action: 'release', to: 'submitted', actors: deskOrSystem },
  { from: 'submitted', action: 'approve', to: 'approved', actors: desk },
  { from: 'approved', action: 'schedule', to: 'delivery_scheduled', actors: ['patient', 'orders_desk'] },
  // Choosing another offered slot.
  {
    from: 'delivery_scheduled',
    action: 'schedule',
    to: 'delivery_scheduled',
    actors: ['patient', 'orders_desk'],
  },
  { from: 'delivery_scheduled', action: 'dispatch', to: 'out_for_delivery', actors: desk },
  // Signed at the door by the patient or a designee; the desk records a carrier's confirmation.
  { from: 'out_for_delivery', action: 'deliver', to: 'delivered', actors: ['patient', 'orders_desk'] },
  // The server starts the rental when it records the delivery of a rented item (record-delivery.ts):
  // nobody starts one by hand, so a purchase never becomes a rental.
  { from: 'delivered', action: 'start_rental', to: 'in_rental', actors: ['system'] },
  { from: 'delivered', action: 'complete', to: 'completed', actors: deskOrSystem },
  { from: 'in_rental', action: 'schedule_return', to: 'return_scheduled', actors: desk },
  { from: 'return_scheduled', action: 'return', to: 'returned', actors: desk },
  { from: 'returned', action: 'complete', to: 'completed', actors: desk },
  // Ownership passes to the patient at the end of a capped rental.
  { from: 'in_rental', action: 'complete', to: 'completed', actors: deskOrSystem },
  { from: 'draft', action: 'cancel', to: 'cancelled', actors: cancellers },
  { from: 'submitted', action: 'cancel', to: 'cancelled', actors: cancellers },
  { from: 'on_hold', action: 'cancel', to: 'cancelled', actors: cancellers },
  { from: 'approved', action: 'cancel', to: 'cancelled', actors: desk },
  { from: 'delivery_scheduled', action: 'cancel', to: 'cancelled', actors: desk },
];

/** The status `action` leads to from `from` when `actor` may make that move; undefined when refused. */
export function orderTransition(
  from: OrderStatus,
  action: OrderAction,
  actor: OrderActor,
): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.action === action && t.actors.includes(actor));
}

/** The moves `actor` may make on an order in `status` (what a screen offers). */
export function orderActionsFor(status: OrderStatus, actor: OrderActor): OrderAction[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === status && t.actors.includes(actor)).map((t) => t.action);
}

/** Statuses no move leaves. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = OrderStatus.options.filter(
  (status) => !ORDER_TRANSITIONS.some((t) => t.from === status),
);

/** ResMed's resupply service calls an order late when nothing has shipped this long after approval. */
export const ORDER_OVERDUE_DAYS = 14;
/**
 * The worklist's "rentals ending": a rental that ends within this many days, time for the desk to
 * book the return or to tell the patient the device becomes theirs.
 */
export const RENTAL_ENDING_DAYS = 60;
