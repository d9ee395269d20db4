import { Codes, ProtocolError } from './error-codes.ts';
import { bytesToHex, hexToBytes } from './hex.ts';

/** protocol.md §2 (spec): handshake keys are ECDH on P-256, public keys as uncompressed SEC1 hex. */
const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const UNCOMPRESSED_POINT_LENGTH = 65;
const SCALAR_LENGTH = 32;

// P-256 domain parameters (SEC 2 §2.4.2), for the on-curve check below.
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

export interface KeyPair {
  privateKey: CryptoKey;
  publicKeyHex: string;
}

/** A fresh key pair; the private key cannot be exported, only used for ECDH. */
export async function generateKeyPair(): Promise<KeyPair> {
  const { privateKey, publicKey } = await globalThis.crypto.subtle.generateKey(ECDH_P256, false, [
    'deriveBits',
  ]);
  return { privateKey, publicKeyHex: await exportPublicKeyHex(publicKey) };
}

/**
 * protocol.md §2: hex first ('Invalid hex string'), then a 65-byte `04 || X || Y` point that
 * lies on P-256 ('Invalid public key'), both code 10400. The curve equation is checked here
 * rather than trusted to each runtime's importKey, because ECDH with an unchecked point
 * leaks the private key (invalid-curve attack). P-256 has cofactor 1, so any point on the
 * curve other than infinity (which has no uncompressed encoding) is in the right group.
 */
export async function parsePublicKey(hex: string): Promise<CryptoKey> {
  const bytes = hexToBytes(hex);
  if (bytes.length !== UNCOMPRESSED_POINT_LENGTH || bytes[0] !== 0x04 || !isOnCurve(bytes)) {
    throw invalidPublicKey();
  }
  try {
    return await globalThis.crypto.subtle.importKey('raw', bytes, ECDH_P256, true, []);
  } catch {
    throw invalidPublicKey();
  }
}

/** protocol.md §2: Z is the 32-byte x-coordinate of the shared point. */
export async function deriveSharedSecret(
  privateKey: CryptoKey,
  peerPublicKeyHex: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const peerPublicKey = await parsePublicKey(peerPublicKeyHex);
  const bits = await globalThis.crypto.subtle.deriveBits(
    { name: 'ECDH', public: peerPublicKey },
    privateKey,
    SCALAR_LENGTH * 8,
  );
  return new Uint8Array(bits);
}

/**
 * For known-answer tests (protocol-vectors.json, Wycheproof): a key pair from a raw private
 * scalar. Wycheproof writes scalars as big-endian integers that may be shorter than 32 bytes
 * or carry a leading zero byte, so the value is normalised to exactly 32 bytes. WebCrypto has
 * no raw private import, so the scalar goes into a PKCS#8 ECPrivateKey without its public key
 * (the runtime computes it); the JWK export then yields the public point.
 */
export async function importPrivateScalar(hex: string): Promise<KeyPair> {
  const scalar = toFixedLength(hexToBytes(hex));
  try {
    const subtle = globalThis.crypto.subtle;
    const pkcs8Key = await subtle.importKey('pkcs8', pkcs8FromScalar(scalar), ECDH_P256, true, [
      'deriveBits',
    ]);
    const { kty, crv, x, y, d } = await subtle.exportKey('jwk', pkcs8Key);
    const privateKey = await subtle.importKey('jwk', { kty, crv, x, y, d }, ECDH_P256, false, ['deriveBits']);
    const publicKey = await subtle.importKey('jwk', { kty, crv, x, y }, ECDH_P256, true, []);
    return { privateKey, publicKeyHex: await exportPublicKeyHex(publicKey) };
  } catch {
    throw new ProtocolError(Codes.validation, 'Invalid private key');
  }
}

async function exportPublicKeyHex(publicKey: CryptoKey): Promise<string> {
  return bytesToHex(new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', publicKey)));
}

function isOnCurve(point: Uint8Array): boolean {
  const x = BigInt(`0x${bytesToHex(point.subarray(1, 1 + SCALAR_LENGTH))}`);
  const y = BigInt(`0x${bytesToHex(point.subarray(1 + SCALAR_LENGTH))}`);
  if (x >= P || y >= P) return false;
  // y² = x³ − 3x + b (mod p)
  return (y * y - (x * x * x - 3n * x + B)) % P === 0n;
}

function toFixedLength(scalar: Uint8Array): Uint8Array {
  const firstNonZero = scalar.findIndex((byte) => byte !== 0);
  const significant = firstNonZero === -1 ? new Uint8Array(0) : scalar.subarray(firstNonZero);
  if (significant.length === 0 || significant.length > SCALAR_LENGTH) {
    throw new ProtocolError(Codes.validation, 'Invalid private key');
  }
  const fixed = new Uint8Array(SCALAR_LENGTH);
  fixed.set(significant, SCALAR_LENGTH - significant.length);
  return fixed;
}

/** PKCS#8 PrivateKeyInfo { v0, id-ecPublicKey + prime256v1, ECPrivateKey { v1, scalar } } in DER. */
function pkcs8FromScalar(scalar: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = [
    0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06,
    0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04,
    0x20,
  ];
  return Uint8Array.from([...prefix, ...scalar]);
}

function invalidPublicKey(): ProtocolError {
  return new ProtocolError(Codes.validation, 'Invalid public key');
}
