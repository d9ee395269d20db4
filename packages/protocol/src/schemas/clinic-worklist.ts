import { z } from 'zod';
import type { StaffPermission } from './staff-permissions.ts';

const isoTime = z.string().describe('ISO 8601 time, UTC');

/**
 * The worklist's queues, in the order the screen lists them. Each is computed on
 * the server in SQL; a staff member sees (and counts) only the queues their permissions allow.
 */
export const WORKLIST_QUEUES = [
  'intake_new',
  'intake_resubmitted',
  'bf_adl_due',
  'bf_adl_flagged',
  'documents_due_soon',
  'declined_documents',
  'unread_messages',
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
};

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

/** Oldest first: the item waiting longest at the top; newest first: what came in last. */
export const WorklistSort = z.enum(['oldest', 'newest']);
export type WorklistSort = z.infer<typeof WorklistSort>;

/**
 * `GET /admin/worklist/?queue=&page=&q=&sort=&mine=`: without `queue`, the first of the caller's
 * queues with something in it. `q` finds patients by the start of their name or e-mail, or by
 * their date of birth typed as a date; `sort` orders by waiting time (by default each queue's
 * own order); `mine=true` keeps the items assigned to the caller.
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

const worklistPerson = z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() });
export type WorklistPerson = z.infer<typeof worklistPerson>;

export const worklistRow = z.object({
  patient: worklistPerson,
  /**
   * When it began to need attention: handed in, BF-ADL due since (sign-up when never
   * answered), flagged submission, document due, declined, oldest unread message.
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
  /** The staff member who has taken the item; null while nobody has. */
  assignee: worklistPerson.nullable(),
});
export type WorklistRow = z.infer<typeof worklistRow>;

export const worklistCount = z.object({ queue: WorklistQueue, count: z.number().int() });

export const worklistPage = z.object({
  /** Only the queues the caller may see, in screen order, each with its count. */
  queues: z.array(worklistCount),
  queue: WorklistQueue,
  items: z.array(worklistRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WorklistPage = z.infer<typeof worklistPage>;

/**
 * `POST /admin/worklist/assign/`: gives one item of a queue the caller may see to a staff member
 * whose permissions open that queue, or to nobody (`assignee_id: null`). The item is the
 * patient's row, or on the document queues the document's (`assignment_id`).
 */
export const worklistAssignRequest = z.object({
  queue: WorklistQueue,
  patient_id: z.uuid(),
  assignment_id: z.uuid().nullable().default(null),
  assignee_id: z.uuid().nullable(),
});
export type WorklistAssignRequest = z.input<typeof worklistAssignRequest>;

/** `GET /admin/worklist/assignees/?queue=`: the active staff whose permissions open the queue. */
export const worklistAssigneesQuery = z.object({ queue: WorklistQueue });
export const worklistAssignees = z.object({ items: z.array(worklistPerson) });
export type WorklistAssignees = z.infer<typeof worklistAssignees>;
export const worklistAssignResult = z.object({ assignee: worklistPerson.nullable() });
export type WorklistAssignResult = z.infer<typeof worklistAssignResult>;
