import { and, arrayContains, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from './schema/index.ts';

/**
 * Whom the clinic treats (decision 0032): an account with the `user` role that is a patient, not
 * one that joined only to help someone. Takes an alias of `users` where a query joins it twice.
 */
export function patientAccount(table: { roles: AnyColumn; isPatient: AnyColumn } = users): SQL {
  return and(arrayContains(table.roles, ['user']), eq(table.isPatient, true))!;
}

/**
 * Whether the account has a record of its own beyond the sign-up profile: intake answers or
 * files, a hand-in, an assessment (or its draft), a document. Without one, accepting a caregiver
 * invitation makes it caregiver-only (decision 0032; migration 0019 applied the same rule).
 */
export function hasOwnRecord(userId: string): SQL {
  return sql`(exists (select 1 from patient_resources where user_id = ${userId} and kind <> 'profile')
    or exists (select 1 from patient_files where user_id = ${userId})
    or exists (select 1 from intake_submissions where user_id = ${userId})
    or exists (select 1 from assessment_submissions where user_id = ${userId})
    or exists (select 1 from assessment_drafts where user_id = ${userId})
    or exists (select 1 from document_assignments where patient_id = ${userId}))`;
}
