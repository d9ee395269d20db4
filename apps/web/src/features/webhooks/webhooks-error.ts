import { Codes } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { NOTICE_CODES } from '../../api/error-notices.ts';

/** The `webhooks` key for a failed call, or null when the API layer already told the person. */
export function webhooksErrorKey(error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
  if (error.code === Codes.itemsNotFound) return 'errors.notFound';
  if (error.code === Codes.validation) return 'errors.validation';
  if (error.code === Codes.forbidden) return 'errors.forbidden';
  if (error.code === Codes.conflict) return 'errors.conflict';
  return 'errors.generic';
}

/** The fields a 10400 named, each with this form's words for it (the server's are English). */
export function refusedFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== Codes.validation) return {};
  const named = new Set((error.body.errors ?? []).map((e) => e.path));
  return Object.fromEntries(
    (['url', 'events'] as const)
      .filter((path) => named.has(path))
      .map((path) => [path, `errors.${path}Refused`]),
  );
}
