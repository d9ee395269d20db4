import { useMutation } from '@tanstack/react-query';
import { fetchFhirBundle } from './intake-api.ts';

export const FHIR_FILE_NAME = 'my-health-record.fhir.json';

/** Hands a JSON value to the browser as a file download, without keeping it in the page. */
function saveAsFile(value: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/fhir+json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The patient's record as a FHIR R4 Bundle, saved as a file. */
export function useFhirDownload() {
  return useMutation({
    mutationFn: async () => saveAsFile(await fetchFhirBundle(), FHIR_FILE_NAME),
  });
}
