import { Codes, MAX_SIGNATURE_PNG_BYTES, ProtocolError, type DocumentSignature } from '@portal/protocol';
import { reencodeImage } from '../files/image-file.ts';

/** A drawn signature is a PNG the decoder accepts; what is stamped is its re-encoded copy. */
export async function checkSignatureImage(signature: DocumentSignature): Promise<DocumentSignature> {
  if (signature.kind !== 'drawn') return signature;
  const bytes = Buffer.from(signature.png_base64, 'base64');
  if (bytes.length > MAX_SIGNATURE_PNG_BYTES) throw new ProtocolError(Codes.tooLarge);
  const image = await reencodeImage(bytes, ['image/png']);
  return { kind: 'drawn', png_base64: image.bytes.toString('base64') };
}
