import type { AppContext, RequestMeta } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';
import { issueAccessToken } from './access-tokens.ts';
import { verifyClientAssertion } from './client-assertion.ts';
import { grantedScopes } from './client-scopes.ts';
import { OAuthError } from './oauth-error.ts';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** RFC 6749 §5.1's answer. */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/** The form a client posts, each parameter at most once (RFC 6749 §3.2). */
export type TokenForm = Partial<Record<string, string>>;

async function grant(ctx: AppContext, form: TokenForm, tokenEndpoint: string) {
  if (!form.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
  if (form.grant_type !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'Only client_credentials is offered');
  }
  if (!form.client_assertion) throw new OAuthError('invalid_request', 'client_assertion is required');
  if (form.client_assertion_type !== JWT_BEARER) {
    throw new OAuthError('invalid_client', `client_assertion_type must be ${JWT_BEARER}`);
  }
  const client = await verifyClientAssertion(ctx, form.client_assertion, tokenEndpoint);
  // RFC 6749 §3.3: without a scope the registered ones are the default (clients such as
  // Medplum's startJwtAssertionLogin send none).
  const asked = form.scope === undefined ? client.scopes : form.scope.split(' ').filter(Boolean);
  const scopes = grantedScopes(asked, client.scopes);
  if (scopes.length === 0) {
    throw new OAuthError(
      'invalid_scope',
      'None of the asked scopes is registered for this client',
      client.id,
    );
  }
  const { accessToken, expiresIn } = await issueAccessToken(ctx, client.id, scopes);
  return {
    client,
    scopes,
    answer: {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: expiresIn,
      scope: scopes.join(' '),
    } as const,
  };
}

/**
 * SMART Backend Services' token request: a `client_credentials` grant authenticated by a
 * `private_key_jwt` assertion. Every grant and every refusal is audited with the client (when the
 * assertion named a registered one) as actor; no assertion content is kept.
 */
export async function grantAccessToken(
  ctx: AppContext,
  meta: RequestMeta,
  form: TokenForm,
  tokenEndpoint: string,
): Promise<TokenAnswer> {
  try {
    const { client, scopes, answer } = await grant(ctx, form, tokenEndpoint);
    await recordAudit(ctx.db, meta, {
      action: 'fhir.token',
      outcome: 'success',
      actorId: client.id,
      subjectId: null,
      target: `fhir_clients:${client.id}`,
      detail: { granted: scopes },
    });
    return answer;
  } catch (error) {
    if (error instanceof OAuthError) {
      const { clientId } = error;
      await recordAudit(ctx.db, meta, {
        action: 'fhir.token',
        outcome: 'denied',
        actorId: clientId,
        subjectId: null,
        target: clientId ? `fhir_clients:${clientId}` : 'fhir_clients',
        detail: { reason: error.error },
      });
    }
    throw error;
  }
}
