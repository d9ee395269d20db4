import { base64ToBytes } from '@portal/protocol';

/** Saves a PDF held in memory as a file: the bytes never pass through a URL the server sees. */
export function downloadPdf(base64: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([base64ToBytes(base64)], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Give the browser the click's turn to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
