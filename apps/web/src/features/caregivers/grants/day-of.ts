/** A protocol day (YYYY-MM-DD) as a local calendar day, never shifted by the time zone. */
export function dayOf(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year!, month! - 1, day);
}
