import type { FhirClientList } from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { SUPPORTED_SCOPES } from './client-scopes.ts';
import { clientView, loadClients } from './fhir-client-queries.ts';

/** Every registered client, newest first (no PHI: names, scopes and key ids). */
export async function listFhirClients(ctx: AppContext): Promise<FhirClientList> {
  const rows = await loadClients(ctx.db);
  return { clients: rows.map(clientView), scopes_supported: [...SUPPORTED_SCOPES] };
}
