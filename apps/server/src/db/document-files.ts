import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Queryable } from './database.ts';
import { documentFiles } from './schema/index.ts';

/** Binds each ciphertext to its row, so stored files cannot be swapped. */
const fileContext = (id: string) => `document_file:${id}`;

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface StoredFile {
  id: string;
  sha256: string;
  size: number;
}

/** Files are written once and never changed: a new version is a new row. */
export async function storeDocumentFile(
  ctx: AppContext,
  db: Queryable,
  bytes: Uint8Array,
  mime: string,
): Promise<StoredFile> {
  const id = randomUUID();
  const sha256 = sha256Hex(bytes);
  await db.insert(documentFiles).values({
    id,
    mime,
    size: bytes.length,
    sha256,
    data: ctx.cipher.encrypt(bytes, fileContext(id)),
    createdAt: ctx.now(),
  });
  return { id, sha256, size: bytes.length };
}

export async function loadDocumentFile(
  ctx: AppContext,
  db: Queryable,
  id: string,
): Promise<StoredFile & { bytes: Buffer }> {
  const [row] = await db.select().from(documentFiles).where(eq(documentFiles.id, id)).limit(1);
  if (!row) throw new Error(`document file ${id} is missing`);
  return { id, sha256: row.sha256, size: row.size, bytes: ctx.cipher.decrypt(row.data, fileContext(id)) };
}
