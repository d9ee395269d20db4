import { z } from 'zod';
import { HoldReason, OrderStatus } from './order-status.ts';
import type { StaffPermission } from './staff-permissions.ts';

const isoTime = z.string().describe('ISO 8601 time, UTC');

/**
 * The worklist's queues, in the order the screen lists them. Each is computed on
 * the server in SQL; a staff member sees (and counts) only the queues their permissions allow.
 *
 * The orders desk's queues (decision 0035), one row per order (per prompt on resupplies_due):
 * - orders_on_hold: status on_hold; waiting since its oldest open hold; narrowed by a hold reason.
 * - deliveries_today: delivery scheduled or out for delivery, its window starting today in the
 *   clinic's time zone (UTC: the portal keeps no time-zone setting).
 * - proofs_missing: out for delivery with its window ended more than PROOF_OVERDUE_HOURS ago: neither
 *   the signature at the door nor the carrier's confirmation (both move the order on) came in.
 * - resupplies_due: a resupply prompt nobody has answered whose eligibility date has passed.
 * - rentals_ending: in rental, ending (start + its longest-rented item's months, fixed when the
 *   rental starts) within RENTAL_ENDING_DAYS, or already ended with no return booked.
 * - orders_overdue: approved or delivery scheduled, approved more than ORDER_OVERDUE_DAYS ago,
 *   nothing dispatched.
 */
export const WORKLIST_QUEUES = [
  'intake_new',
  'intake_resubmitted',
  'bf_adl_due',
  'bf_adl_flagged',
  'documents_due_soon',
  'declined_documents',
  'unread_messages',
  'orders_on_hold',
  'deliveries_today',
  'proofs_missing',
  'resupplies_due',
  'rentals_ending',
  'orders_overdue',
] as const;
export const WorklistQueue = z.enum(WORKLIST_QUEUES);
export type WorklistQueue = z.infer<typeof WorklistQueue>;

/** Any one of the permissions opens the queue. */
export const WORKLIST_QUEUE_PERMISSIONS: Record<WorklistQueue, readonly StaffPermission[]> = {
  intake_new: ['review_intake', 'read_chart'],
  intake_resubmitted: ['review_intake', 'read_chart'],
  bf_adl_due: ['read_chart'],
  bf_adl_flagged: ['read_chart'],
  documents_due_soon: ['manage_documents'],
  declined_documents: ['manage_documents'],
  unread_messages: ['answer_messages'],
  orders_on_hold: ['manage_orders'],
  deliveries_today: ['manage_orders'],
  proofs_missing: ['manage_orders'],
  resupplies_due: ['manage_orders'],
  rentals_ending: ['manage_orders'],
  orders_overdue: ['manage_orders'],
};

/** The queues whose rows are orders (resupply prompts on resupplies_due). */
export const ORDER_QUEUES = [
  'orders_on_hold',
  'deliveries_today',
  'proofs_missing',
  'resupplies_due',
  'rentals_ending',
  'orders_overdue',
] as const satisfies readonly WorklistQueue[];
export type OrderQueue = (typeof ORDER_QUEUES)[number];
export const isOrderQueue = (queue: WorklistQueue): queue is OrderQueue =>
  (ORDER_QUEUES as readonly WorklistQueue[]).includes(queue);

/** An order out for delivery whose window ended this long ago and still has no signed proof. */
export const PROOF_OVERDUE_HOURS = 24;

/** Every permission that opens at least one queue: the worklist route needs one of them. */
export const WORKLIST_PERMISSIONS: readonly StaffPermission[] = [
  ...new Set(Object.values(WORKLIST_QUEUE_PERMISSIONS).flat()),
];

/** The queues `auths` open, in screen order. */
export function worklistQueuesFor(auths: readonly string[]): WorklistQueue[] {
  return WORKLIST_QUEUES.filter((queue) => WORKLIST_QUEUE_PERMISSIONS[queue].some((p) => auths.includes(p)));
}

/** "Close to the due date": a document awaiting signature that closes within this many days. */
export const DOCUMENT_DUE_SOON_DAYS = 3;
export const WORKLIST_PAGE_SIZE = 25;
/**
 * A queue's count stops here: "1,000 or more" is what a badge needs to say, and counting a
 * clinic group's tens of thousands of due items on every page would cost more than the page.
 */
export const WORKLIST_COUNT_CAP = 1000;

/** Oldest first: the item waiting longest at the top; newest first: what came in last. */
export const WorklistSort = z.enum(['oldest', 'newest']);
export type WorklistSort = z.infer<typeof WorklistSort>;

/**
 * `GET /admin/worklist/?queue=&page=&q=&sort=&mine=&hold_reason=`: without `queue`, the first of
 * the caller's queues with something in it. `q` finds patients by the start of their name or
 * e-mail, or by their date of birth typed as a date; `sort` orders by waiting time (by default
 * each queue's own order); `mine=true` keeps the items assigned to the caller; `hold_reason`
 * keeps, on orders_on_hold, the orders with an open hold of that reason (elsewhere ignored).
 */
export const worklistQuery = z.object({
  queue: WorklistQueue.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  q: z.string().trim().max(100).optional(),
  sort: WorklistSort.optional(),
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  hold_reason: HoldReason.optional(),
});
export type WorklistQuery = z.input<typeof worklistQuery>;

export const worklistDocument = z.object({
  assignment_id: z.uuid(),
  title: z.string(),
  version: z.number().int(),
  due_at: isoTime.nullable(),
  /** The patient's reason, on declined documents. */
  reason: z.string().nullable(),
});

/** The order a row of an order queue is about. */
export const worklistOrder = z.object({
  id: z.uuid(),
  status: OrderStatus,
  /** The order's first item, in each language: enough to tell a walker from CPAP masks. */
  item_gb: z.string(),
  item_cn: z.string(),
  /** On orders_on_hold: its open holds' reasons, oldest first. */
  hold_reasons: z.array(HoldReason).nullable(),
  /** On deliveries_today and proofs_missing: the chosen window, when there is one. */
  delivery: z.object({ starts_at: isoTime, ends_at: isoTime }).nullable(),
  /** On resupplies_due: the prompt the item is (the order is the one whose items come round again). */
  resupply_prompt_id: z.uuid().nullable(),
});
export type WorklistOrder = z.infer<typeof worklistOrder>;

const worklistPerson = z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() });
export type WorklistPerson = z.infer<typeof worklistPerson>;

export const worklistRow = z.object({
  patient: worklistPerson,
  /**
   * When it began to need attention: handed in, BF-ADL due since (sign-up when never
   * answered), flagged submission, document due, declined, oldest unread message; on the order
   * queues: oldest open hold, delivery window start, delivered (or window end), resupply
   * eligible, last rental month begins, approved.
   */
  at: isoTime,
  /** On bf_adl_due: the patient has never answered it. */
  never_answered: z.boolean().nullable(),
  document: worklistDocument.nullable(),
  /** Why a BF-ADL is flagged: a fall into a worse band, a fall of 10 points or more. */
  flags: z.array(z.enum(['worse_band', 'score_drop'])).nullable(),
  unread: z.number().int().nullable(),
  /** The patient's conversation, to open from the row; null before either side wrote. */
  thread_id: z.uuid().nullable(),
  /** On the order queues: the order. */
  order: worklistOrder.nullable(),
  /** The staff member who has taken the item; null while nobody has. */
  assignee: worklistPerson.nullable(),
});
export type WorklistRow = z.infer<typeof worklistRow>;

/** At most WORKLIST_COUNT_CAP: a count at the cap means at least that many. */
export const worklistCount = z.object({ queue: WorklistQueue, count: z.number().int() });

export const worklistPage = z.object({
  /** Only the queues the caller may see, in screen order, each with its count. */
  queues: z.array(worklistCount),
  queue: WorklistQueue,
  items: z.array(worklistRow),
  /** The queue's rows as narrowed, counted as the queues are: at the cap, at least that many. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /**
   * On orders_on_hold: how many orders on hold have an open hold of each reason (an order with
   * two reasons counts under both), whatever the search or reason chosen, counted as the queues
   * are: at the cap, at least that many; null on other queues.
   */
  hold_counts: z.array(z.object({ reason: HoldReason, count: z.number().int() })).nullable(),
});
export type WorklistPage = z.infer<typeof worklistPage>;

/**
 * `POST /admin/worklist/assign/`: gives one item of a queue the caller may see to a staff member
 * whose permissions open that queue, or to nobody (`assignee_id: null`). The item is the
 * patient's row, on the document queues the document's (`assignment_id`), on the order queues
 * the order's (`order_id`), on resupplies_due the prompt's (`resupply_prompt_id`).
 */
export const worklistAssignRequest = z.object({
  queue: WorklistQueue,
  patient_id: z.uuid(),
  assignment_id: z.uuid().nullable().default(null),
  order_id: z.uuid().nullable().default(null),
  resupply_prompt_id: z.uuid().nullable().default(null),
  assignee_id: z.uuid().nullable(),
});
export type WorklistAssignRequest = z.input<typeof worklistAssignRequest>;

/** `GET /admin/worklist/assignees/?queue=`: the active staff whose permissions open the queue. */
export const worklistAssigneesQuery = z.object({ queue: WorklistQueue });
export const worklistAssignees = z.object({ items: z.array(worklistPerson) });
export type WorklistAssignees = z.infer<typeof worklistAssignees>;
export const worklistAssignResult = z.object({ assignee: worklistPerson.nullable() });
export type WorklistAssignResult = z.infer<typeof worklistAssignResult>;
