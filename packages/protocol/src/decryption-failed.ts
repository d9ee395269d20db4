import { Codes, ProtocolError } from './error-codes.ts';

/** protocol.md §3: one error for every way decryption or parsing can fail, so no cause leaks. */
export function decryptionFailed(): ProtocolError {
  return new ProtocolError(Codes.decryptionFailed, 'Decryption failed');
}
