import { fhirClients } from '../src/db/schema/index.ts';
import { issueAccessToken } from '../src/modules/fhir/smart/access-tokens.ts';
import type { TestPortal } from './test-portal.ts';

/**
 * A registered client and a bearer token for `scopes`, for tests of what the FHIR API answers.
 * Tests of how a client gets its token go through the token endpoint instead.
 */
export async function fhirBearer(
  t: TestPortal,
  scopes: readonly string[],
  name = 'Test EHR',
): Promise<{ clientId: string; token: string; headers: Record<string, string> }> {
  const [client] = await t.portal.ctx.db
    .insert(fhirClients)
    .values({ name, jwks: { keys: [] }, scopes: [...scopes] })
    .returning({ id: fhirClients.id });
  const { accessToken } = await issueAccessToken(t.portal.ctx, client!.id, scopes);
  return {
    clientId: client!.id,
    token: accessToken,
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/fhir+json' },
  };
}
