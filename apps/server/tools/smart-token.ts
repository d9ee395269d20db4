import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { importJWK, SignJWT, type JWK } from 'jose';
import { parseCli } from '../../../scripts/parse-cli.mjs';

/**
 * Gets an access token the way a SMART Backend Services client does: discover the token endpoint,
 * sign a five-minute assertion with the private key, post client_credentials (docs/integration.md).
 */
const { values } = parseCli({
  name: 'smart:token',
  usage: 'npm run smart:token -- --fhir URL --client-id ID --key FILE [--scope SCOPES]',
  about: [
    "Prints the token endpoint's JSON answer ({ access_token, expires_in, scope, ... }) on stdout.",
    'URL is the FHIR base, e.g. http://localhost:3000/fhir/R4.',
  ].join('\n'),
  options: {
    fhir: { type: 'string', value: 'URL', description: 'the FHIR base URL' },
    'client-id': { type: 'string', value: 'ID', description: 'the client id the clinic gave you' },
    key: { type: 'string', value: 'FILE', description: 'the private JWK (private.jwk.json)' },
    scope: { type: 'string', value: 'SCOPES', description: 'space-separated scopes (default system/*.rs)' },
  },
});
const { fhir, key: keyFile } = values;
const clientId = values['client-id'];
if (!fhir || !clientId || !keyFile) throw new Error('--fhir, --client-id and --key are required');

const discovery = await fetch(`${fhir.replace(/\/$/, '')}/.well-known/smart-configuration`);
if (!discovery.ok) throw new Error(`SMART discovery answered ${discovery.status}`);
const { token_endpoint: tokenEndpoint } = (await discovery.json()) as { token_endpoint: string };

const jwk = JSON.parse(await readFile(keyFile, 'utf8')) as JWK & { kid: string; alg: string };
const assertion = await new SignJWT({})
  .setProtectedHeader({ alg: jwk.alg, kid: jwk.kid, typ: 'JWT' })
  .setIssuer(clientId)
  .setSubject(clientId)
  .setAudience(tokenEndpoint)
  .setIssuedAt()
  .setExpirationTime('5m')
  .setJti(randomUUID())
  .sign(await importJWK(jwk, jwk.alg));

const answer = await fetch(tokenEndpoint, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    scope: values.scope ?? 'system/*.rs',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  }),
});
const body = await answer.text();
if (!answer.ok) throw new Error(`The token endpoint refused: ${answer.status} ${body}`);
console.log(body);
