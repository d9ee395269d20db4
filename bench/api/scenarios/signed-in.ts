import { PortalClient } from '@portal/protocol/testing';
import { DEMO_PATIENT, type Account } from '../demo-accounts.ts';

/** A client signed in as `account`, with tokens (no multi-factor authentication on the account). */
export async function signIn(portalUrl: string, account: Account): Promise<PortalClient> {
  const client = new PortalClient({ baseUrl: portalUrl });
  await client.handshake();
  const signedIn = await client.login(account.email, account.password);
  if (signedIn.mfa || client.access === undefined) {
    throw new Error(`${account.email} did not get tokens; is multi-factor authentication on?`);
  }
  return client;
}

/** The headers of a signed-in client's requests, for scenarios that load a route without the client. */
export function requestHeaders(client: PortalClient): Record<string, string> {
  return { authorization: `Bearer ${client.access!}`, uid: client.uid! };
}

export async function signedInPatientHeaders(portalUrl: string): Promise<Record<string, string>> {
  return requestHeaders(await signIn(portalUrl, DEMO_PATIENT));
}
