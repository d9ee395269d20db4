import { z } from 'zod';

/** Spec §4: the eight document statuses. */
export const DocumentStatus = z.enum([
  'draft',
  'submitted',
  'pending_signature',
  'signed',
  'completed',
  'rejected',
  'expired',
  'cancelled',
]);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

/** Who makes a move: the patient, the clinic (an administrator), or the server's own scheduled job. */
export const DocumentActor = z.enum(['patient', 'clinic', 'system']);
export type DocumentActor = z.infer<typeof DocumentActor>;

export const DocumentAction = z.enum([
  'submit',
  'accept',
  'send',
  'sign',
  'countersign',
  'reject',
  'expire',
  'cancel',
]);
export type DocumentAction = z.infer<typeof DocumentAction>;

/**
 * Every action a document's history records: the moves, its creation (or re-sending) and the
 * patient opening it. The chart names each in the reader's language (the vocabulary's `documentEvent`).
 */
export const DOCUMENT_EVENT_ACTIONS = [
  ...DocumentAction.options,
  'assign',
  'resend',
  'view',
  'open_signing',
] as const;
export type DocumentEventAction = (typeof DOCUMENT_EVENT_ACTIONS)[number];

export interface DocumentTransition {
  from: DocumentStatus;
  action: DocumentAction;
  to: DocumentStatus;
  actor: DocumentActor;
}

/**
 * The one table of allowed moves, read by server and web alike. Anything not listed
 * here is refused with 10409, whoever asks.
 */
export const DOCUMENT_TRANSITIONS: readonly DocumentTransition[] = [
  { from: 'draft', action: 'submit', to: 'submitted', actor: 'patient' },
  { from: 'submitted', action: 'accept', to: 'completed', actor: 'clinic' },
  { from: 'draft', action: 'send', to: 'pending_signature', actor: 'clinic' },
  { from: 'pending_signature', action: 'sign', to: 'signed', actor: 'patient' },
  { from: 'signed', action: 'countersign', to: 'completed', actor: 'clinic' },
  { from: 'pending_signature', action: 'reject', to: 'rejected', actor: 'patient' },
  { from: 'pending_signature', action: 'expire', to: 'expired', actor: 'system' },
  { from: 'draft', action: 'cancel', to: 'cancelled', actor: 'clinic' },
  { from: 'pending_signature', action: 'cancel', to: 'cancelled', actor: 'clinic' },
  // The clinic withdraws a declined request: the decline stays in the history.
  { from: 'rejected', action: 'cancel', to: 'cancelled', actor: 'clinic' },
];

/** The status `action` leads to from `from` when `actor` may make that move; undefined when refused. */
export function documentTransition(
  from: DocumentStatus,
  action: DocumentAction,
  actor: DocumentActor,
): DocumentTransition | undefined {
  return DOCUMENT_TRANSITIONS.find((t) => t.from === from && t.action === action && t.actor === actor);
}

/** The moves `actor` may make on a document in `status` (what the UI offers). */
export function documentActionsFor(status: DocumentStatus, actor: DocumentActor): DocumentAction[] {
  return DOCUMENT_TRANSITIONS.filter((t) => t.from === status && t.actor === actor).map((t) => t.action);
}

/** Statuses no move leaves. */
export const FINAL_DOCUMENT_STATUSES: readonly DocumentStatus[] = DocumentStatus.options.filter(
  (status) => !DOCUMENT_TRANSITIONS.some((t) => t.from === status),
);
