import { z } from 'zod';
import { pageOf } from './common.ts';

// The built-in secure messenger: one thread per patient with the clinic. Every answer
// that carries a message is sealed, and so is every body that carries one.

const isoTime = z.string().describe('ISO 8601 time, UTC');

export const MESSAGE_MAX_LENGTH = 4000;
/** Attachments: PNG, JPEG or PDF judged by content (10415), at most 5 MB decoded (10413). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

export const ThreadStatus = z.enum(['open', 'closed']);
export type ThreadStatus = z.infer<typeof ThreadStatus>;
/** `system`: a notice the portal writes into the clinic's side of a conversation (a declined document). */
export const MessageAuthor = z.enum(['patient', 'clinic', 'system']);
export type MessageAuthor = z.infer<typeof MessageAuthor>;

export const attachmentMeta = z.object({
  id: z.uuid(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

/** What a system message tells the clinic; the web app words it in the reader's language. */
export const messageNotice = z.object({
  kind: z.literal('document_declined'),
  assignment_id: z.uuid(),
  title: z.string(),
  reason: z.string(),
});
export type MessageNotice = z.infer<typeof messageNotice>;

export const message = z.object({
  id: z.uuid(),
  author: MessageAuthor,
  /** The answering administrator's name on clinic messages; null on the patient's own. */
  author_name: z.string().nullable(),
  /**
   * A patient message a caregiver wrote for the patient (decision 0023): the caregiver's name, so
   * patient and staff read it as "written by X for Y"; null on the patient's own and the clinic's.
   */
  on_behalf_by: z.string().nullable(),
  body: z.string(),
  /** Set on system messages (body empty); only the clinic's view holds them. */
  notice: messageNotice.nullable(),
  attachment: attachmentMeta.nullable(),
  created_at: isoTime,
  /** When the other side first read it. */
  read_at: isoTime.nullable(),
});
export type Message = z.infer<typeof message>;

/** `GET /patient/messages/` (sealed): the patient's thread, oldest message first; `id` null before the first message. */
export const patientThread = z.object({
  id: z.uuid().nullable(),
  status: ThreadStatus,
  messages: z.array(message),
  /** Clinic messages the patient has not read yet. */
  unread: z.number().int(),
});
export type PatientThread = z.infer<typeof patientThread>;

const attachmentUpload = z.object({
  name: z.string().trim().min(1).max(200),
  /** Size and type are judged after decoding (10413, 10415); the route's body limit stops anything absurd first. */
  content_base64: z.string().min(1),
});
export type AttachmentUpload = z.infer<typeof attachmentUpload>;

const messageText = z.string().trim().max(MESSAGE_MAX_LENGTH);

const messageFields = { text: messageText.default(''), attachment: attachmentUpload.optional() };
/** Text, an attachment, or both; neither answers 10400 at `text`. */
const hasContent = (m: { text: string; attachment?: unknown }) =>
  m.text.length > 0 || m.attachment !== undefined;
const noContent = { message: 'Write a message or attach a file', path: ['text'] };

/** `POST /patient/messages/` (sealed body): answers the thread. */
export const patientMessageRequest = z.object(messageFields).refine(hasContent, noContent);
export type PatientMessageRequest = z.input<typeof patientMessageRequest>;

/** `GET /patient/messages/attachment/?id=` and `GET /admin/messages/attachment/?id=` (sealed). */
export const attachmentQuery = z.object({ id: z.uuid() });
export const attachmentContent = z.object({
  name: z.string(),
  content_type: z.string(),
  content_base64: z.string(),
});
export type AttachmentContent = z.infer<typeof attachmentContent>;

// ---- Clinic inbox ----

export const inboxQuery = z.object({
  status: ThreadStatus.optional(),
  /** `true` lists only the threads assigned to the caller. */
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /**
   * The start of the patient's name, or words in the newest messages of the most recently
   * active conversations (decision 0030: the text is encrypted, so only a bounded window is read).
   */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type InboxQuery = z.input<typeof inboxQuery>;

/**
 * Whom a conversation is with (decision 0033): a patient, or a caregiver-only account writing
 * about its own account or the people it helps.
 */
export const ThreadAccount = z.enum(['patient', 'caregiver']);
export type ThreadAccount = z.infer<typeof ThreadAccount>;

/** `name` is given then family name; screens order `first_name` and `last_name` for their reader. */
export const threadPerson = z.object({
  id: z.uuid(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const inboxThread = z.object({
  id: z.uuid(),
  /** The account the conversation is with: the patient, or a caregiver-only account (`account`). */
  patient: threadPerson,
  /** Absent from an earlier release's server, where every conversation was a patient's. */
  account: ThreadAccount.default('patient'),
  status: ThreadStatus,
  /** Patient messages no administrator has read yet. */
  unread: z.number().int(),
  last_message_at: isoTime,
  assignee: threadPerson.nullable(),
});
export type InboxThread = z.infer<typeof inboxThread>;
export const inboxPage = pageOf(inboxThread).extend({
  /** Unread patient messages over all open threads, for the menu badge. */
  unread_total: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPage>;

export const threadQuery = z.object({ id: z.uuid() });

/** `GET /admin/messages/thread/?id=` (sealed, audited): reading it marks the patient's messages read. */
export const clinicThread = inboxThread.extend({ messages: z.array(message) });
export type ClinicThread = z.infer<typeof clinicThread>;

export const replyRequest = z.object({ id: z.uuid(), ...messageFields }).refine(hasContent, noContent);

/** `assignee_id` null unassigns; otherwise it must name an administrator (else 10404). */
export const assignRequest = z.object({ id: z.uuid(), assignee_id: z.uuid().nullable() });

export const threadStatusRequest = z.object({ id: z.uuid(), status: ThreadStatus });

/** `GET /admin/messages/assignees/`: who a thread can be given to. */
export const assigneeList = z.object({ items: z.array(threadPerson) });
export type AssigneeList = z.infer<typeof assigneeList>;

// ---- Zendesk ----

/** `GET /token/zendesk/`: a short-lived messaging JWT for `zE('messenger', 'loginUser', …)`. */
export const zendeskToken = z.object({ jwt: z.string() });
export type ZendeskToken = z.infer<typeof zendeskToken>;

/** 10409 messages of the messenger APIs; clients choose their translated text by them. */
export const MESSENGER_CONFLICTS = {
  zendeskOff: 'The messenger is not set to Zendesk',
  zendeskKeys: 'The Zendesk key id and secret are not configured',
} as const;

/** Event names the web app reacts to (protocol.md §8). */
export const EVENT_NAMES = ['refresh_token', 'message'] as const;
export type EventName = (typeof EVENT_NAMES)[number];
