import { GRANT_MAX_DAYS, inviteCaregiverRequest, type CaregiverScope } from '@portal/protocol';
import { errorsAtPaths, type GrantErrors } from './grant-errors.ts';

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

/** The protocol's own schema over the terms, and the date's range, as field errors. */
export function checkTerms(terms: GrantTerms, today: Date): GrantErrors {
  const parsed = inviteCaregiverRequest.safeParse(terms);
  const paths = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.map(String));
  const { min, max } = endsOnRange(today);
  if (terms.ends_on && (terms.ends_on < min || terms.ends_on > max)) paths.push(['ends_on']);
  return errorsAtPaths(paths);
}

export const hasErrors = (errors: GrantErrors) =>
  errors.form !== null || Object.keys(errors.fields).length > 0;
