import { Codes, DOCUMENT_CONFLICTS, ruleOfMessage, TEMPLATE_PUBLISH_REFUSALS } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { NOTICE_CODES } from '../../api/error-notices.ts';

const BY_CODE: Partial<Record<number, string>> = {
  [Codes.fileType]: 'errors.fileType',
  [Codes.tooLarge]: 'errors.tooLarge',
  [Codes.validation]: 'errors.validation',
  [Codes.itemsNotFound]: 'errors.notFound',
  [Codes.forbidden]: 'errors.forbidden',
};

/** An i18n key in `library` and what it names (the edition a publish refusal is about). */
export interface LibraryError {
  key: string;
  language?: 'gb' | 'cn';
}

/**
 * The message for a failed library call, or null when the API layer already told the person.
 * Conflicts and publish refusals are named by the protocol's own messages, so each rule reads in
 * the person's language; a publish refusal's path names the edition (`editions.cn.fields`).
 */
export function libraryError(error: unknown): LibraryError | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return { key: 'errors.generic' };
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
  if (error.code === Codes.conflict) {
    return { key: `errors.conflicts.${ruleOfMessage(DOCUMENT_CONFLICTS, error.body.message) ?? 'other'}` };
  }
  const refusal = error.body.errors?.find((e) => ruleOfMessage(TEMPLATE_PUBLISH_REFUSALS, e.message));
  if (error.code === Codes.validation && refusal) {
    const language = /^editions\.(gb|cn)\b/.exec(refusal.path)?.[1] as LibraryError['language'];
    return { key: `errors.publish.${ruleOfMessage(TEMPLATE_PUBLISH_REFUSALS, refusal.message)}`, language };
  }
  return { key: BY_CODE[error.code] ?? 'errors.generic' };
}
