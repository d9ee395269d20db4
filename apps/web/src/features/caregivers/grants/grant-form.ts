import { z } from 'zod';
import {
  AUTHORITY_MAX_BYTES,
  inviteCaregiverRequest,
  recordGrantRequest,
  type RecordGrantRequest,
} from '@portal/protocol';
import { readBase64 } from '../../../ui/read-file.ts';
import type { FieldMessage, Issue } from '../../../ui/form/issue-message.ts';
import { endsOnRange } from './grant-terms.ts';

/** The invitation's terms, with the end date in the range this device offers. */
function grantTermsForm(today: Date) {
  const { min, max } = endsOnRange(today);
  const { email, relationship, scopes, ends_on } = inviteCaregiverRequest.shape;
  return z.object({
    email,
    relationship,
    scopes,
    // The server judges it again against the clinic's today.
    ends_on: ends_on.refine((day) => day >= min && day <= max),
  });
}

/** Staff add the document that gives the authority: a PDF the server takes as base64. */
function recordGrantForm(today: Date) {
  return grantTermsForm(today).extend({
    authority_kind: recordGrantRequest.shape.authority_kind,
    authority_file: z
      .instanceof(File)
      .refine((file) => file.type === 'application/pdf' && file.size > 0 && file.size <= AUTHORITY_MAX_BYTES),
  });
}

type TermsForm = ReturnType<typeof grantTermsForm>;
type RecordForm = ReturnType<typeof recordGrantForm>;
export type GrantFormValue = z.output<TermsForm> & Partial<z.output<RecordForm>>;
export type GrantFormInput = z.input<TermsForm> & Partial<z.input<RecordForm>>;

/** The patient's invitation, or with the authority the chart records. */
export function grantForm(today: Date, withAuthority: boolean): z.ZodType<GrantFormValue, GrantFormInput> {
  return withAuthority ? recordGrantForm(today) : grantTermsForm(today);
}

/** The recorded grant as the protocol carries it: the file read as base64. */
export async function recordedGrant({
  authority_file,
  authority_kind,
  ...terms
}: GrantFormValue): Promise<RecordGrantRequest> {
  // recordGrantForm has checked both; a terms-only form never records a grant.
  if (!authority_file || !authority_kind) throw new Error('a recorded grant carries its authority');
  return {
    ...terms,
    authority_kind,
    authority_file_name: authority_file.name,
    authority_pdf: await readBase64(authority_file),
  };
}

/** One message per field (namespace `caregivers`), whatever the check that refused it. */
export function grantMessage(issue: Issue): FieldMessage {
  const field = String(issue.path?.[0] ?? '');
  return { key: `errors.fields.${field === 'authority_file' ? 'authority_pdf' : field}` };
}
