/** A notice in the spec §8 style ("Title - Message") after a write on a patient's documents. */
export const documentNotice = (name: string) => ({
  key: `clinic:chart.documents.notices.${name}`,
  tone: 'success' as const,
  durationMs: 6_000,
});
