import { Codes } from '@portal/protocol';
import { ApiError, NetworkError } from '../../../api/api-error.ts';
import { NOTICE_CODES } from '../../../api/error-notices.ts';

/** The fields of an invitation or a recorded grant that a refusal can name by its path. */
export const GRANT_FIELDS = [
  'email',
  'relationship',
  'scopes',
  'ends_on',
  'authority_kind',
  'authority_file_name',
  'authority_pdf',
  'token',
] as const;
export type GrantField = (typeof GRANT_FIELDS)[number];

/** i18n keys (namespace `caregivers`): one per refused field, or one for the form. */
export interface GrantErrors {
  fields: Partial<Record<GrantField, string>>;
  form: string | null;
}

const NO_ERRORS: GrantErrors = { fields: {}, form: null };

const isField = (path: string): path is GrantField => (GRANT_FIELDS as readonly string[]).includes(path);

/** Each issue's first path segment names its field (`scopes.1` is the scopes choice). */
function errorsAtPaths(paths: readonly (string | number)[][]): GrantErrors {
  const fields: GrantErrors['fields'] = {};
  let form: string | null = null;
  for (const path of paths) {
    const field = String(path[0] ?? '');
    if (isField(field)) fields[field] ??= `errors.fields.${field}`;
    else form = 'errors.validation';
  }
  return { fields, form };
}

/**
 * What a refused call says, by code and path; nothing where the API layer already told the
 * person (session notices, the network-issue screen).
 */
export function grantErrors(error: unknown): GrantErrors {
  if (error instanceof NetworkError) return NO_ERRORS;
  if (!(error instanceof ApiError)) return { fields: {}, form: 'errors.generic' };
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return NO_ERRORS;
  switch (error.code) {
    case Codes.validation:
      return errorsAtPaths((error.body.errors ?? [{ path: '' }]).map((e) => e.path.split('.')));
    case Codes.forbidden:
      return { fields: {}, form: 'errors.forbidden' };
    case Codes.itemsNotFound:
      return { fields: {}, form: 'errors.notFound' };
    case Codes.conflict:
      // The address already has a live grant from this patient (GRANT_REFUSALS.duplicate), named
      // by its path: comparing the message would load the protocol's schemas with the account page.
      return error.body.errors?.some((e) => e.path === 'email')
        ? { fields: { email: 'errors.duplicate' }, form: null }
        : { fields: {}, form: 'errors.conflict' };
    case Codes.rateLimited:
      return { fields: {}, form: 'errors.rateLimited' };
    default:
      return { fields: {}, form: 'errors.generic' };
  }
}
