import { eq, inArray, and, count } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { bulkExports, fhirClients } from '../../../db/schema/index.ts';
import { FhirError } from '../operation-outcome.ts';
import type { ExportParameters } from './export-parameters.ts';

/** Files and status are kept this long after the kick-off (issue 37). */
export const EXPORT_KEPT_MS = 24 * 3_600_000;
/** What a client refused for a second export at once is told to wait, in seconds. */
export const BUSY_RETRY_SECONDS = 60;

export class ExportBusyError extends FhirError {
  constructor() {
    super('throttled', 'An export of this client is still running: wait for it or cancel it');
  }
}

/**
 * Queues an export for the background job and answers its id. A client has one export queued or
 * running at a time: the check and the insert run under a lock of the client's row, so two
 * kick-offs at once cannot both pass.
 */
export async function kickOffExport(
  ctx: AppContext,
  clientId: string,
  request: { url: string; groupId: string | null; parameters: ExportParameters },
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: fhirClients.id })
      .from(fhirClients)
      .where(eq(fhirClients.id, clientId))
      .for('update');
    const [busy] = await tx
      .select({ exports: count() })
      .from(bulkExports)
      .where(and(eq(bulkExports.clientId, clientId), inArray(bulkExports.status, ['queued', 'running'])));
    if ((busy?.exports ?? 0) > 0) throw new ExportBusyError();
    const now = ctx.now();
    const [row] = await tx
      .insert(bulkExports)
      .values({
        clientId,
        request: request.url,
        groupId: request.groupId,
        since: request.parameters.since,
        types: request.parameters.types,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_KEPT_MS),
      })
      .returning({ id: bulkExports.id });
    return row!.id;
  });
}
