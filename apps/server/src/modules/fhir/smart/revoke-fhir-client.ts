import { and, eq, isNull } from 'drizzle-orm';
import { Codes, ProtocolError, type FhirClientView } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { fhirClients } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { clientView, loadClient } from './fhir-client-queries.ts';
import { adminAudit, type ClientAdmin } from './register-fhir-client.ts';

/**
 * Revokes a client: its tokens stop at once (`accessOfToken` joins the client) and it gets no
 * new ones. Revoking a revoked client changes nothing and answers it as it is.
 */
export async function revokeFhirClient(
  ctx: AppContext,
  by: ClientAdmin,
  id: string,
): Promise<FhirClientView> {
  const { meta, actorId, detail } = adminAudit(by);
  return ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(fhirClients)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(fhirClients.id, id), isNull(fhirClients.revokedAt)))
      .returning();
    if (revoked) {
      await recordAudit(tx, meta, {
        action: 'fhir.client.revoke',
        outcome: 'success',
        actorId,
        subjectId: null,
        target: `fhir_clients:${id}`,
        detail,
      });
      return clientView(revoked);
    }
    const row = await loadClient(tx, id);
    if (!row) throw new ProtocolError(Codes.itemsNotFound);
    return clientView(row);
  });
}
