import { createHash, randomUUID } from 'node:crypto';
import { and, arrayContains, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  Codes,
  ProtocolError,
  type AttachmentUpload,
  type Message,
  type MessageAuthor,
  type MessageNotice,
} from '@portal/protocol';
import { readUpload } from '../../lib/files/uploaded-file.ts';
import type { WorkerPool } from '../../lib/worker-pool/worker-pool.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { messageAttachments, messages, messageThreads, users } from '../../db/schema/index.ts';

export type ThreadRow = typeof messageThreads.$inferSelect;

// Contexts bind each ciphertext to its row: a body cannot be moved to another message or thread.
export const bodyContext = (threadId: string, messageId: string) => `message:${threadId}:${messageId}`;
const fileContext = (threadId: string, attachmentId: string) => `message-file:${threadId}:${attachmentId}`;
const fileNameContext = (threadId: string, attachmentId: string) =>
  `message-file-name:${threadId}:${attachmentId}`;

// A flat character class: a repeated group would overflow V8's regex stack on a 7 MB string.
/** Joins a message to the thread it stands in. */
const inItsThread = eq(messageThreads.id, messages.threadId);

const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

export interface CheckedAttachment {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** Judged before any write: base64 (10400), at most 5 MB (10413), PNG, JPEG or PDF as parsed (10415). */
export async function checkAttachment(
  workers: WorkerPool,
  upload: AttachmentUpload | undefined,
): Promise<CheckedAttachment | undefined> {
  if (!upload) return undefined;
  if (!isBase64(upload.content_base64)) {
    throw new ProtocolError(Codes.validation, undefined, [
      { path: 'attachment.content_base64', message: 'Not base64' },
    ]);
  }
  const bytes = Buffer.from(upload.content_base64, 'base64');
  if (bytes.length > ATTACHMENT_MAX_BYTES)
    throw new ProtocolError(Codes.tooLarge, 'The file is larger than 5 MB');
  return { name: upload.name, ...(await readUpload(workers, bytes, ATTACHMENT_TYPES)) };
}

export async function threadOfPatient(db: Queryable, patientId: string): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(messageThreads).where(eq(messageThreads.patientId, patientId));
  return row;
}

export async function threadById(db: Queryable, id: string): Promise<ThreadRow> {
  const [row] = await db.select().from(messageThreads).where(eq(messageThreads.id, id));
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  return row;
}

/** The patient's one thread, created on their first message (a race between two first messages ends in one). */
export async function ensurePatientThread(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
): Promise<ThreadRow> {
  await db
    .insert(messageThreads)
    .values({ patientId, lastMessageAt: ctx.now(), createdAt: ctx.now() })
    .onConflictDoNothing({ target: messageThreads.patientId });
  return (await threadOfPatient(db, patientId))!;
}

/**
 * Stores one message, its content sealed to its thread, and moves the thread's last-message time;
 * anything but the clinic's own reply reopens the thread.
 */
async function insertMessage(
  ctx: AppContext,
  db: Queryable,
  thread: ThreadRow,
  author: { kind: MessageAuthor; id: string | null },
  content: unknown,
): Promise<string> {
  const id = randomUUID();
  const now = ctx.now();
  await db.insert(messages).values({
    id,
    threadId: thread.id,
    author: author.kind,
    authorId: author.id,
    body: ctx.cipher.encryptJson(content, bodyContext(thread.id, id)),
    createdAt: now,
  });
  await db
    .update(messageThreads)
    .set({ lastMessageAt: now, ...(author.kind === 'clinic' ? {} : { status: 'open' as const }) })
    .where(eq(messageThreads.id, thread.id));
  return id;
}

/** Appends one message (and its file) and moves the thread's last-message time; a patient's message reopens it. */
export async function appendMessage(
  ctx: AppContext,
  db: Queryable,
  thread: ThreadRow,
  author: { kind: Exclude<MessageAuthor, 'system'>; id: string },
  text: string,
  file: CheckedAttachment | undefined,
): Promise<string> {
  const id = await insertMessage(ctx, db, thread, author, text);
  if (file) {
    const attachmentId = randomUUID();
    await db.insert(messageAttachments).values({
      id: attachmentId,
      messageId: id,
      name: ctx.cipher.encryptJson(file.name, fileNameContext(thread.id, attachmentId)),
      mime: file.mime,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      data: ctx.cipher.encrypt(file.bytes, fileContext(thread.id, attachmentId)),
    });
  }
  return id;
}

/**
 * A system message: a notice for the clinic (a declined document) in the patient's conversation,
 * which it moves to the top of the inbox and marks unread, as a patient's message would.
 */
export function appendNotice(
  ctx: AppContext,
  db: Queryable,
  thread: ThreadRow,
  notice: MessageNotice,
): Promise<string> {
  return insertMessage(ctx, db, thread, { kind: 'system', id: null }, notice);
}

/** What the clinic reads: the patient's messages and the portal's notices. */
export const WRITTEN_TO_CLINIC: readonly MessageAuthor[] = ['patient', 'system'];

/** Marks the other side's unread messages of a thread as read now. */
export async function markRead(
  ctx: AppContext,
  db: Queryable,
  threadId: string,
  written: readonly MessageAuthor[],
) {
  await db
    .update(messages)
    .set({ readAt: ctx.now() })
    .where(
      and(eq(messages.threadId, threadId), inArray(messages.author, [...written]), isNull(messages.readAt)),
    );
}

/** Every message of a thread, decrypted, oldest first; the patient's view leaves the clinic's notices out. */
export async function threadMessages(
  ctx: AppContext,
  db: Queryable,
  threadId: string,
  viewer: 'patient' | 'clinic',
): Promise<Message[]> {
  const rows = await db
    .select({
      id: messages.id,
      author: messages.author,
      body: messages.body,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      authorId: messages.authorId,
      patientId: messageThreads.patientId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(messages)
    .innerJoin(messageThreads, inItsThread)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(
      and(eq(messages.threadId, threadId), viewer === 'patient' ? ne(messages.author, 'system') : undefined),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const files = rows.length
    ? await db
        .select({
          id: messageAttachments.id,
          messageId: messageAttachments.messageId,
          name: messageAttachments.name,
          mime: messageAttachments.mime,
          size: messageAttachments.size,
        })
        .from(messageAttachments)
        .where(
          inArray(
            messageAttachments.messageId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => {
    const file = files.find((f) => f.messageId === row.id);
    const content = ctx.cipher.decryptJson(row.body, bodyContext(threadId, row.id));
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || null;
    const byCaregiver = row.author === 'patient' && row.authorId !== null && row.authorId !== row.patientId;
    return {
      id: row.id,
      author: row.author,
      author_name: row.author === 'clinic' ? name : null,
      on_behalf_by: byCaregiver ? name : null,
      body: row.author === 'system' ? '' : (content as string),
      notice: row.author === 'system' ? (content as MessageNotice) : null,
      attachment: file
        ? {
            id: file.id,
            name: ctx.cipher.decryptJson(file.name, fileNameContext(threadId, file.id)) as string,
            content_type: file.mime,
            size: file.size,
          }
        : null,
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
    };
  });
}

/** One attachment with its bytes; `patientId` limits it to that patient's thread (else 10404, as for a missing one). */
export async function readAttachment(
  ctx: AppContext,
  db: Queryable,
  attachmentId: string,
  patientId?: string,
) {
  const [row] = await db
    .select({
      id: messageAttachments.id,
      name: messageAttachments.name,
      mime: messageAttachments.mime,
      data: messageAttachments.data,
      threadId: messageThreads.id,
      patientId: messageThreads.patientId,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(messageThreads, inItsThread)
    .where(
      and(
        eq(messageAttachments.id, attachmentId),
        patientId ? eq(messageThreads.patientId, patientId) : undefined,
      ),
    );
  if (!row) throw new ProtocolError(Codes.itemsNotFound);
  return {
    threadId: row.threadId,
    patientId: row.patientId,
    content: {
      name: ctx.cipher.decryptJson(row.name, fileNameContext(row.threadId, row.id)) as string,
      content_type: row.mime,
      content_base64: ctx.cipher.decrypt(row.data, fileContext(row.threadId, row.id)).toString('base64'),
    },
  };
}

/**
 * Active administrators who answer messages (`answer_messages`, decision 0012): who may be
 * assigned a thread and who hears of an unassigned one.
 */
export async function activeAdmins(db: Queryable, except?: string) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        arrayContains(users.roles, ['admin']),
        arrayContains(users.auths, ['answer_messages']),
        except ? ne(users.id, except) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => threadPersonOf(r.id, r.firstName, r.lastName));
}

/** A person as the inbox names them: the parts, for the reader's name order, and a plain full name. */
export function threadPersonOf(id: string, firstName: string | null, lastName: string | null) {
  const first_name = firstName ?? '';
  const last_name = lastName ?? '';
  return { id, name: `${first_name} ${last_name}`.trim(), first_name, last_name };
}
