import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { parseCli } from '../../../scripts/parse-cli.mjs';

/**
 * Makes the key pair a SMART Backend Services client signs its assertions with: the private JWK
 * stays with the client, the public JWK Set is what the clinic registers (docs/integration.md).
 */
const { values } = parseCli({
  name: 'smart:keys',
  usage: 'npm run smart:keys -- --out DIR [--alg ES384|RS384]',
  about: [
    'Writes DIR/private.jwk.json (keep it secret: it proves who the client is) and DIR/jwks.json',
    '(the public key set to register with `npm run fhir:client -- add` or on the API clients page).',
  ].join('\n'),
  options: {
    out: { type: 'string', value: 'DIR', description: 'the folder to write the two files to' },
    alg: { type: 'string', value: 'ALG', description: 'ES384 (default) or RS384' },
  },
});
const alg = values.alg ?? 'ES384';
if (alg !== 'ES384' && alg !== 'RS384') throw new Error(`--alg must be ES384 or RS384, not ${alg}`);
if (!values.out) throw new Error('--out is required (--help shows the usage)');

const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
const kid = randomUUID();
const meta = { kid, alg, use: 'sig' };
await writeFile(
  path.join(values.out, 'private.jwk.json'),
  `${JSON.stringify({ ...(await exportJWK(privateKey)), ...meta }, null, 2)}\n`,
  { mode: 0o600 },
);
await writeFile(
  path.join(values.out, 'jwks.json'),
  `${JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), ...meta }] }, null, 2)}\n`,
);
console.log(JSON.stringify({ kid, private_key: 'private.jwk.json', jwks: 'jwks.json' }));
