/**
 * A date of birth as a reader types it into a search box, as `YYYY-MM-DD`, or null when the
 * text is no date. gb readers write the day first (`31/01/1950`, `31.1.1950`, `31-01-1950`);
 * cn readers and ISO write the year first (`1950-01-31`, `1950/1/31`, `1950年1月31日`). The
 * portal serves British and Chinese clinics, so a day-first date is never read month-first.
 */
export function typedDate(text: string): string | null {
  const yearFirst = /^(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})\s*日?$/.exec(text);
  const dayFirst = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(text);
  const [year, month, day] = yearFirst
    ? [yearFirst[1], yearFirst[2], yearFirst[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]]
      : [];
  if (!year || !month || !day) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  // 31/02/1950 is no date: the round trip through a Date would move it into March.
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}
