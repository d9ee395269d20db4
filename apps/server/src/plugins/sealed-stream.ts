import { createCipheriv, createHmac } from 'node:crypto';
import { deriveMessageKeys, type Direction } from '@portal/protocol';
import { nodeCryptoPrimitives } from '@portal/protocol/node-crypto';

/** protocol.md §3 (spec): IV = 16 zero bytes, safe because each salt's key encrypts one message. */
const ZERO_IV = new Uint8Array(16);

/**
 * What `sealJson` writes (protocol.md §3) for JSON text that arrives in pieces, as base64 pieces:
 * AES-256-CBC and the HMAC run over the ciphertext as it comes, and each piece encodes whole
 * 3-byte groups only, the one or two bytes left over carried into the next, so the pieces joined
 * are the one encoded value `sealJson` gives. The tag comes last: a body cut short opens as 10016.
 */
export async function* sealJsonPieces(
  z: Uint8Array,
  salt: string,
  direction: Direction,
  json: AsyncIterable<string>,
): AsyncGenerator<string> {
  const { encryptionKey, macKey } = await deriveMessageKeys(nodeCryptoPrimitives, z, salt, direction);
  const cipher = createCipheriv('aes-256-cbc', encryptionKey, ZERO_IV);
  const mac = createHmac('sha256', macKey);
  let carried = Buffer.alloc(0);
  const base64 = (bytes: Buffer, last: boolean): string => {
    const all = Buffer.concat([carried, bytes]);
    const whole = last ? all.length : all.length - (all.length % 3);
    carried = Buffer.from(all.subarray(whole));
    return all.subarray(0, whole).toString('base64');
  };
  for await (const piece of json) {
    const ciphertext = cipher.update(piece, 'utf8');
    mac.update(ciphertext);
    const encoded = base64(ciphertext, false);
    if (encoded) yield encoded;
  }
  const ciphertext = cipher.final();
  mac.update(ciphertext);
  yield base64(Buffer.concat([ciphertext, mac.digest()]), true);
}

/**
 * The encrypted envelope `{"code":0,"salt":…,"data":…}` (protocol.md §1) as the server serialises
 * `request.sealed`'s answer, its data sealed (server to client) as the JSON pieces come.
 */
export async function* sealedEnvelopePieces(
  z: Uint8Array,
  salt: string,
  json: AsyncIterable<string>,
): AsyncGenerator<string> {
  yield `{"code":0,"salt":${JSON.stringify(salt)},"data":"`;
  yield* sealJsonPieces(z, salt, 's2c', json);
  yield '"}';
}
