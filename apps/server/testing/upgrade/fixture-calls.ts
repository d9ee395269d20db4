import type { PortalClient } from '@portal/protocol/testing';

/** The writes whose body travels plain; every other POST of the portal takes a sealed body. */
const PLAIN_POSTS = new Set([
  '/patient/messages/read/',
  '/account/mfa/start/',
  '/account/notifications/',
  '/admin/documents/templates/fields/',
  '/admin/documents/library/fields/',
  '/admin/documents/library/publish/',
]);

/** A write as the web app makes it: sealed unless the route takes a plain body. */
export const post = <T>(client: PortalClient, route: string, body: unknown) =>
  client.post<T>(route, body, { encrypt: !PLAIN_POSTS.has(route) });

export const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
