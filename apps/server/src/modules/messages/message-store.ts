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
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { messageAttachments, messages, messageThreads, users } from '../../db/schema/index.ts';
import { sniffFileType } from '../patient/file-type.ts';

export type ThreadRow = typeof messageThreads.$inferSelect;

// Contexts bind each ciphertext to its row: a body cannot be moved to another message or thread.
const bodyContext = (threadId: string, messageId: string) => `message:${threadId}:${messageId}`;
const fileContext = (threadId: string, attachmentId: string) => `message-file:${threadId}:${attachmentId}`;
const fileNameContext = (threadId: string, attachmentId: string) =>
  `message-file-name:${threadId}:${attachmentId}`;

// A flat character class: a repeated group would overflow V8's regex stack on a 7 MB string.
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

export interface CheckedAttachment {
  name: string;
  mime: string;
  bytes: Buffer;
}

/** Judged before any write: base64 (10400), at most 5 MB (10413), PNG, JPEG or PDF by content (10415). */
export function checkAttachment(upload: AttachmentUpload | undefined): CheckedAttachment | undefined {
  if (!upload) return undefined;
  if (!isBase64(upload.content_base64)) {
    throw new ProtocolError(Codes.validation, undefined, [
      { path: 'attachment.content_base64', message: 'Not base64' },
    ]);
  }
  const bytes = Buffer.from(upload.content_base64, 'base64');
  if (bytes.length > ATTACHMENT_MAX_BYTES)
    throw new ProtocolError(Codes.tooLarge, 'The file is larger than 5 MB');
  const mime = sniffFileType(bytes, ATTACHMENT_TYPES);
  if (!mime) throw new ProtocolError(Codes.fileType);
  return { name: upload.name, mime, bytes };
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

/** Appends one message (and its file) and moves the thread's last-message time; a patient's message reopens it. */
export async function appendMessage(
  ctx: AppContext,
  db: Queryable,
  thread: ThreadRow,
  author: { kind: MessageAuthor; id: string },
  text: string,
  file: CheckedAttachment | undefined,
): Promise<string> {
  const id = randomUUID();
  const now = ctx.now();
  await db.insert(messages).values({
    id,
    threadId: thread.id,
    author: author.kind,
    authorId: author.id,
    body: ctx.cipher.encryptJson(text, bodyContext(thread.id, id)),
    createdAt: now,
  });
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
  await db
    .update(messageThreads)
    .set({ lastMessageAt: now, ...(author.kind === 'patient' ? { status: 'open' as const } : {}) })
    .where(eq(messageThreads.id, thread.id));
  return id;
}

/** Marks the other side's unread messages of a thread as read now. */
export async function markRead(ctx: AppContext, db: Queryable, threadId: string, written: MessageAuthor) {
  await db
    .update(messages)
    .set({ readAt: ctx.now() })
    .where(and(eq(messages.threadId, threadId), eq(messages.author, written), isNull(messages.readAt)));
}

/** Every message of a thread, decrypted, oldest first. */
export async function threadMessages(ctx: AppContext, db: Queryable, threadId: string): Promise<Message[]> {
  const rows = await db
    .select({
      id: messages.id,
      author: messages.author,
      body: messages.body,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.threadId, threadId))
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
    return {
      id: row.id,
      author: row.author,
      author_name:
        row.author === 'clinic' ? [row.firstName, row.lastName].filter(Boolean).join(' ') || null : null,
      body: ctx.cipher.decryptJson(row.body, bodyContext(threadId, row.id)) as string,
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
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
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

/** Active administrators: who may be assigned a thread and who hears of an unassigned one. */
export async function activeAdmins(db: Queryable, except?: string) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        arrayContains(users.roles, ['admin']),
        except ? ne(users.id, except) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}
