import { ATTACHMENT_MAX_BYTES, base64ToBytes, bytesToBase64, type AttachmentUpload } from '@portal/protocol';

/** What the file picker offers; the server still judges every file by its content (10415). */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

export type PickedFile = { ok: true; upload: AttachmentUpload } | { ok: false; reason: 'tooLarge' };

export async function readPickedFile(file: File): Promise<PickedFile> {
  if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  return {
    ok: true,
    upload: { name: file.name.slice(0, 200), content_base64: bytesToBase64(bytes) },
  };
}

/** The bytes an upload carries, from its base64 length (four characters hold three bytes). */
export const uploadSize = ({ content_base64 }: AttachmentUpload) =>
  (content_base64.length * 3) / 4 - (content_base64.match(/=*$/)?.[0].length ?? 0);

/** Saves a file held in memory: the bytes never pass through a URL the server sees. */
export function saveFile(base64: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([base64ToBytes(base64)], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Give the browser the click's turn to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
