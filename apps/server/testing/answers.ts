import type { PortalClient, PortalResponse } from '@portal/protocol/testing';

/** What an answer says when it refuses: its catalogue code, its message, the fields it names (protocol.md §5). */
export const codeOf = (answer: { body: unknown }): number | undefined =>
  (answer.body as { code?: number } | null)?.code;
export const messageOf = (answer: { body: unknown }): string | undefined =>
  (answer.body as { message?: string } | null)?.message;
export const pathsOf = (answer: { body: unknown }): string[] =>
  ((answer.body as { errors?: { path: string }[] } | null)?.errors ?? []).map((e) => e.path);

/** A sealed POST (protocol.md §4), its answer as received. */
export const sealedPost = (client: PortalClient, path: string, body: unknown): Promise<PortalResponse> =>
  client.send({ method: 'POST', path, body, encrypt: true });
