import type { FhirClientRegistration, FhirClientView } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../../context.ts';
import { fhirClients } from '../../../db/schema/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { parseClientJwks } from './client-jwks.ts';
import { registrableScopes } from './client-scopes.ts';
import { clientView } from './fhir-client-queries.ts';

/** Who registers or revokes a client: a staff member on the settings page, or the command line. */
export type ClientAdmin = { userId: string; meta: RequestMeta } | 'cli';

export const adminAudit = (by: ClientAdmin) =>
  by === 'cli'
    ? { meta: null, actorId: null, detail: { via: 'cli' as const } }
    : { meta: by.meta, actorId: by.userId, detail: {} };

/** Registers a SMART Backend Services client; its id is what it names itself by (`iss`). */
export async function registerFhirClient(
  ctx: AppContext,
  by: ClientAdmin,
  registration: FhirClientRegistration,
): Promise<FhirClientView> {
  const jwks = await parseClientJwks(registration.jwks);
  const scopes = registrableScopes(registration.scopes);
  const { meta, actorId, detail } = adminAudit(by);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fhirClients)
      .values({ name: registration.name, jwks, scopes, createdBy: actorId })
      .returning();
    await recordAudit(tx, meta, {
      action: 'fhir.client.register',
      outcome: 'success',
      actorId,
      subjectId: null,
      target: `fhir_clients:${row!.id}`,
      detail: { ...detail, granted: scopes, count: jwks.keys.length },
    });
    return clientView(row!);
  });
}
