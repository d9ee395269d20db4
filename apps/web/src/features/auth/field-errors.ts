import {
  dateOfBirthSchema,
  emailSchema,
  NAME_MAX_LENGTH,
  nameSchema,
  passwordPolicy,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@portal/protocol';
import type { FieldError } from './form-helpers.ts';

// Field checks with the protocol's own zod schemas, the ones the server applies.

export function emailError(value: string): FieldError {
  if (!value.trim()) return 'errors.required';
  return emailSchema.safeParse(value).success ? undefined : 'errors.email';
}

export function nameError(value: string): FieldError {
  if (!value.trim()) return 'errors.required';
  if (nameSchema.safeParse(value).success) return undefined;
  return [...value.trim()].length > NAME_MAX_LENGTH ? 'errors.nameLength' : 'errors.nameCharacters';
}

export function dateOfBirthError(value: string): FieldError {
  if (!value) return 'errors.required';
  return dateOfBirthSchema.safeParse(value).success ? undefined : 'errors.dateOfBirth';
}

/**
 * The protocol's plaintext password policy (NIST 800-63B: length and blocklist), as field
 * messages, with the clinic's own minimum when it asks for more (`errors.passwordShort` takes `min`).
 */
export function passwordError(value: string, minLength = PASSWORD_MIN_LENGTH): FieldError {
  if (!value) return 'errors.required';
  const length = [...value].length;
  if (length < minLength) return 'errors.passwordShort';
  if (passwordPolicy.safeParse(value).success) return undefined;
  if (length < PASSWORD_MIN_LENGTH) return 'errors.passwordShort';
  if (length > PASSWORD_MAX_LENGTH) return 'errors.passwordLong';
  return 'errors.passwordCommon';
}
