/** i18n keys in the `auth` namespace; undefined when the value is fine. */
export type FieldError = string | undefined;

/**
 * Kept apart from field-errors.ts, which brings zod: the login page only checks presence
 * (the server judges credentials) and stays light on first load.
 */
export function requiredError(value: string): FieldError {
  return value ? undefined : 'errors.required';
}

export function hasErrors(errors: Record<string, FieldError>): boolean {
  return Object.values(errors).some(Boolean);
}
