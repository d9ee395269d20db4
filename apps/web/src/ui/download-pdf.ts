import { base64ToBytes } from '@portal/protocol';

/** Saves bytes held in memory as a file: they never pass through a URL the server sees. */
export function saveFile(bytes: BlobPart, type: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Give the browser the click's turn to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Saves a PDF the API answered in base64. */
export function downloadPdf(base64: string, filename: string): void {
  saveFile(base64ToBytes(base64), 'application/pdf', filename);
}
