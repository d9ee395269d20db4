import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { bulkExportFiles, bulkExports } from '../../../db/schema/index.ts';
import { FhirError } from '../operation-outcome.ts';
import { BULK_EXPORT_TYPES } from './export-types.ts';
import { fileContext } from './ndjson-files.ts';

/** Where a client polls an export and fetches its files, under the FHIR base. */
export const statusPath = (exportId: string) => `/$export-status/${exportId}`;
export const filePath = (fileId: string) => `/$export-file/${fileId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The completion manifest of Bulk Data IG v2. */
export interface ExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: true;
  output: { type: string; url: string; count: number }[];
  error: never[];
}

export type ExportStatus =
  | { state: 'in-progress'; progress: string }
  | { state: 'complete'; manifest: ExportManifest }
  | { state: 'failed'; error: string };

/**
 * The client's own export, still kept; any other id (unknown, another client's, expired, not a
 * uuid) is 404 alike, so an id tells a stranger nothing.
 */
async function ownExport(ctx: AppContext, clientId: string, exportId: string) {
  if (!UUID.test(exportId)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(bulkExports)
    .where(
      and(
        eq(bulkExports.id, exportId),
        eq(bulkExports.clientId, clientId),
        gt(bulkExports.expiresAt, ctx.now()),
      ),
    );
  if (!row) throw notFound();
  return row;
}

const notFound = () => new FhirError('not-found', 'No such export');
const typeOrder = (type: string) => (BULK_EXPORT_TYPES as readonly string[]).indexOf(type);

export async function exportStatus(
  ctx: AppContext,
  clientId: string,
  exportId: string,
  base: string,
): Promise<ExportStatus> {
  const row = await ownExport(ctx, clientId, exportId);
  if (row.status === 'failed') return { state: 'failed', error: row.error ?? 'The export failed' };
  if (row.status !== 'complete') {
    return {
      state: 'in-progress',
      progress: row.status === 'queued' ? 'queued' : `${row.progress} resources`,
    };
  }
  const files = await ctx.db
    .select({ id: bulkExportFiles.id, type: bulkExportFiles.resourceType, count: bulkExportFiles.count })
    .from(bulkExportFiles)
    .where(eq(bulkExportFiles.exportId, row.id));
  files.sort((a, b) => typeOrder(a.type) - typeOrder(b.type) || a.id.localeCompare(b.id));
  return {
    state: 'complete',
    manifest: {
      transactionTime: row.transactionTime!.toISOString(),
      request: row.request,
      requiresAccessToken: true,
      output: files.map((file) => ({
        type: file.type,
        url: `${base}${filePath(file.id)}`,
        count: file.count,
      })),
      error: [],
    },
  };
}

/** Cancels a queued or running export, or removes a finished one, with its files. */
export async function deleteExport(ctx: AppContext, clientId: string, exportId: string): Promise<void> {
  const row = await ownExport(ctx, clientId, exportId);
  await ctx.db.delete(bulkExports).where(eq(bulkExports.id, row.id));
}

/** One ndjson file of the client's own complete export, opened from its seal. */
export async function exportFile(ctx: AppContext, clientId: string, fileId: string): Promise<Buffer> {
  if (!UUID.test(fileId)) throw notFound();
  const [file] = await ctx.db
    .select({ exportId: bulkExportFiles.exportId, content: bulkExportFiles.content })
    .from(bulkExportFiles)
    .innerJoin(bulkExports, eq(bulkExports.id, bulkExportFiles.exportId))
    .where(
      and(
        eq(bulkExportFiles.id, fileId),
        eq(bulkExports.clientId, clientId),
        eq(bulkExports.status, 'complete'),
        gt(bulkExports.expiresAt, ctx.now()),
      ),
    );
  if (!file) throw notFound();
  return ctx.cipher.decrypt(file.content, fileContext(file.exportId, fileId));
}
