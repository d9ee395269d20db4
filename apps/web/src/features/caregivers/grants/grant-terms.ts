import { GRANT_MAX_DAYS, type CaregiverScope } from '@portal/protocol';

/** What the patient and staff both choose for a grant. */
export interface GrantTerms {
  email: string;
  relationship: string;
  scopes: CaregiverScope[];
  ends_on: string;
}

/** A local calendar day as the protocol writes it, days after `from`. */
export function isoDay(from: Date, days = 0): string {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function emptyTerms(today: Date): GrantTerms {
  return { email: '', relationship: '', scopes: [], ends_on: isoDay(today, 365) };
}

/** The range the date field offers; the server judges it again against the clinic's today. */
export function endsOnRange(today: Date): { min: string; max: string } {
  return { min: isoDay(today), max: isoDay(today, GRANT_MAX_DAYS) };
}
