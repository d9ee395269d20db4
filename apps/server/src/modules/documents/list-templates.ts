import { inArray } from 'drizzle-orm';
import { type DocumentTemplate } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { documentFiles } from '../../db/schema/index.ts';
import { selectPublished, type PublishedRow } from './document-queries.ts';
import { templateView } from './views.ts';

/** The quick routes answer templates as before the library: the published version, its gb edition. */
export async function viewsOf(db: Queryable, rows: PublishedRow[]): Promise<DocumentTemplate[]> {
  if (rows.length === 0) return [];
  const files = await db
    .select({ id: documentFiles.id, size: documentFiles.size, sha256: documentFiles.sha256 })
    .from(documentFiles)
    .where(
      inArray(
        documentFiles.id,
        rows.map((row) => row.gb.fileId),
      ),
    );
  const fileById = new Map(files.map((f) => [f.id, f]));
  return rows.map((row) => templateView(row, fileById.get(row.gb.fileId)!));
}

/** The templates that can be sent (published, not retired), oldest first. */
export async function listTemplates(ctx: AppContext): Promise<DocumentTemplate[]> {
  return viewsOf(ctx.db, (await selectPublished(ctx.db)) as PublishedRow[]);
}
