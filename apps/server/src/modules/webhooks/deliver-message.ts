import { Webhook } from 'standardwebhooks';
import { Agent, fetch } from 'undici';
import type { AppContext } from '../../context.ts';
import type { webhookEndpoints, webhookMessages } from '../../db/schema/index.ts';
import { openSecret } from './endpoint-secrets.ts';
import { refusedUrl } from './endpoint-url.ts';
import { receiverLookup, RefusedAddressError } from './receiver-address.ts';

const TIMEOUT_MS = 10_000;
/** What the log keeps of a failure: a status line or an error name, never a response body. */
const ERROR_MAX = 200;

type Endpoint = typeof webhookEndpoints.$inferSelect;
type Message = typeof webhookMessages.$inferSelect;

export type AttemptResult =
  { delivered: true; status: number } | { delivered: false; status: number | null; error: string };

/**
 * The `webhook-signature` header: `v1,<base64>` by the endpoint's secret, and by the secret before
 * its last rotation while that one still signs, space-separated (Standard Webhooks).
 */
export function signatures(ctx: AppContext, endpoint: Endpoint, id: string, at: Date, body: string): string {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > ctx.now()) {
    secrets.push(endpoint.previousSecret);
  }
  return secrets.map((sealed) => new Webhook(openSecret(ctx, sealed)).sign(id, at, body)).join(' ');
}

/** One connection pool per allowance: its sockets connect only where `receiverLookup` lets them. */
const agents = new Map<boolean, Agent>();
function agentFor(config: AppContext['config']): Agent {
  let agent = agents.get(config.webhookAllowLoopback);
  if (!agent) {
    agent = new Agent({ connect: { lookup: receiverLookup(config) } });
    agents.set(config.webhookAllowLoopback, agent);
  }
  return agent;
}

function failure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `No answer within ${TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause instanceof RefusedAddressError) return cause.message;
  if (typeof cause?.code === 'string') return `Could not connect (${cause.code})`;
  return 'Could not connect';
}

/**
 * One attempt: POST the payload, signed, with a 10 s timeout and no redirects followed (a
 * redirect is an answer other than 2xx). The receiver's body is not read.
 */
export async function attemptDelivery(
  ctx: AppContext,
  endpoint: Endpoint,
  message: Message,
): Promise<AttemptResult> {
  const refusal = refusedUrl(ctx.config, endpoint.url);
  if (refusal) return { delivered: false, status: null, error: refusal };
  const body = JSON.stringify(message.payload);
  // Receivers compare the timestamp with their own clock (five minutes either way): the wall
  // clock, not the portal's (which tests move), says when this attempt was made.
  const sentAt = new Date();
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      dispatcher: agentFor(ctx.config),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PatientPortal-Webhooks/1',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signatures(ctx, endpoint, message.id, sentAt, body),
      },
      body,
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { delivered: true, status: response.status };
    const error = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return { delivered: false, status: response.status, error: error.slice(0, ERROR_MAX) };
  } catch (error) {
    return { delivered: false, status: null, error: failure(error) };
  }
}
