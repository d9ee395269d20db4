import { z } from 'zod';
import { Locale } from './auth.ts';

/** `GET /admin/patients/:id/export/fhir/` and `…/export/pdf/` (read_chart, audited, sealed). */
export const chartExportParams = z.object({ id: z.uuid() });

/** The summary's language: the staff member's screen language; their account's when absent. */
export const chartPdfQuery = z.object({ locale: Locale.optional() });

export const chartPdf = z.object({
  filename: z.string(),
  pdf_base64: z.string(),
});
export type ChartPdf = z.infer<typeof chartPdf>;
