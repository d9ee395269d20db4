import { Codes } from '@portal/protocol';
import { ApiError, NetworkError } from './api-error.ts';
import { NOTICE_CODES } from './error-notices.ts';

/** What a protocol code means on one screen: an i18n key, or one read from the refusal itself. */
export type CodeKeys = Readonly<Partial<Record<number, string | ((error: ApiError) => string)>>>;

/** The codes most screens name the same way. */
export const COMMON_CODE_KEYS: CodeKeys = {
  [Codes.itemsNotFound]: 'errors.notFound',
  [Codes.validation]: 'errors.validation',
  [Codes.forbidden]: 'errors.forbidden',
};

/**
 * The i18n key of the message for a failed call, or null when the API layer already told the
 * person (spec §8 notices, the network-issue screen). A code the table does not name is `generic`.
 */
export function errorKeyOf(error: unknown, byCode: CodeKeys, generic = 'errors.generic'): string | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return generic;
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
  const key = byCode[error.code];
  return typeof key === 'function' ? key(error) : (key ?? generic);
}

/**
 * The fields of `paths` that a 10400 named, each with the form's `errors.<path>Refused` key:
 * the server's own words are English, the form's follow the person's language.
 */
export function refusedFieldKeys(error: unknown, paths: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== Codes.validation) return {};
  const named = new Set((error.body.errors ?? []).map((e) => e.path));
  return Object.fromEntries(
    paths.filter((path) => named.has(path)).map((path) => [path, `errors.${path}Refused`]),
  );
}
