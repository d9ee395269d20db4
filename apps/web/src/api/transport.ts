import { NetworkError } from './api-error.ts';
import { API_BASE, REQUEST_TIMEOUT_MS } from './constants.ts';
import { doneProgress, startProgress } from './progress-store.ts';

export interface Wire {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: unknown;
  /** spec §9: the event poll runs without the progress bar. */
  progress?: boolean;
}

export interface WireAnswer {
  status: number;
  body: Record<string, unknown>;
}

type NetworkListener = (error: NetworkError) => void;
const networkListeners = new Set<NetworkListener>();

/** The app listens here to show the network-issue screen. */
export function onNetworkIssue(listener: NetworkListener): () => void {
  networkListeners.add(listener);
  return () => networkListeners.delete(listener);
}

export function reportNetworkIssue(error: NetworkError): void {
  for (const listener of networkListeners) listener(error);
}

function urlOf(path: string, query: Wire['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

// A gateway answering for a server that is down is "cannot reach the API", not an API error.
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** One HTTP exchange: JSON in and out, spec §9 timeout, progress bar. Never interprets codes. */
export async function transmit(wire: Wire): Promise<WireAnswer> {
  const showProgress = wire.progress !== false;
  if (showProgress) startProgress();
  try {
    let response: Response;
    try {
      response = await fetch(urlOf(wire.path, wire.query), {
        method: wire.method,
        headers: {
          Accept: 'application/json',
          ...(wire.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...wire.headers,
        },
        body: wire.body === undefined ? undefined : JSON.stringify(wire.body),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (cause) {
      throw new NetworkError(cause);
    }
    // The portal's own 503 (protocol.md §10: 10503, its database is unreachable) is, to the
    // user, the same as a server that cannot be reached: the network-issue screen, then retry.
    if (response.status === 503) throw new NetworkError(new Error('Service temporarily unavailable'));
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      if (GATEWAY_STATUSES.has(response.status)) throw new NetworkError(cause);
      body = { code: 10500, message: 'The server sent an unreadable answer' };
    }
    if (typeof body !== 'object' || body === null || typeof (body as { code?: unknown }).code !== 'number') {
      body = { code: 10500, message: 'The server sent an unreadable answer' };
    }
    return { status: response.status, body: body as Record<string, unknown> };
  } finally {
    if (showProgress) doneProgress();
  }
}
