import { generateKeyPair } from '@portal/protocol';
import { apiUrl } from '../api-url.ts';
import type { Scenario } from '../scenario.ts';

const CONNECTIONS = 50;

/**
 * protocol.md §2: one client key for every request is enough, since the server makes a fresh
 * key pair (and uid) per handshake; each request costs it a key generation, an ECDH and an insert.
 */
export async function handshakeScenario(portalUrl: string): Promise<Scenario> {
  const { publicKeyHex } = await generateKeyPair();
  return {
    name: 'handshake',
    request: 'POST /token/handshake_any/',
    connections: CONNECTIONS,
    load: {
      url: apiUrl(portalUrl, '/token/handshake_any/'),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: publicKeyHex }),
    },
  };
}
