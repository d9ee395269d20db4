import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { fhirAccessTokens, fhirClients } from '../../../db/schema/index.ts';
import { randomToken, tokenHash } from '../../../lib/random-token.ts';

/** SMART Backend Services tokens live at most five minutes (integration.md). */
export const ACCESS_TOKEN_SECONDS = 300;

/** Who is reading through the FHIR API, and what they may do. */
export interface FhirAccess {
  clientId: string;
  clientName: string;
  scopes: readonly string[];
}

/** A new bearer token for `clientId` with `scopes`; only its hash is stored. */
export async function issueAccessToken(
  ctx: AppContext,
  clientId: string,
  scopes: readonly string[],
): Promise<{ accessToken: string; expiresIn: number }> {
  const accessToken = randomToken();
  await ctx.db.insert(fhirAccessTokens).values({
    tokenHash: tokenHash(accessToken),
    clientId,
    scopes: [...scopes],
    expiresAt: new Date(ctx.now().getTime() + ACCESS_TOKEN_SECONDS * 1000),
  });
  return { accessToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

/**
 * The access a bearer token carries, or null when it is unknown, expired, or its client was
 * revoked (checked on every request, so a revocation takes effect at once).
 */
export async function accessOfToken(ctx: AppContext, token: string): Promise<FhirAccess | null> {
  const [row] = await ctx.db
    .select({ clientId: fhirClients.id, clientName: fhirClients.name, scopes: fhirAccessTokens.scopes })
    .from(fhirAccessTokens)
    .innerJoin(fhirClients, eq(fhirClients.id, fhirAccessTokens.clientId))
    .where(
      and(
        eq(fhirAccessTokens.tokenHash, tokenHash(token)),
        gt(fhirAccessTokens.expiresAt, ctx.now()),
        isNull(fhirClients.revokedAt),
      ),
    );
  return row ?? null;
}
