import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordPolicy } from '@portal/protocol';

/** Counted in code points, as the protocol's policy counts (NIST 800-63B). */
const characters = (password: string) => [...password].length;

/**
 * A new password: the protocol's policy (length, blocklist) with the clinic's own minimum
 * (`usePasswordMinimum`) when it asks for more; the server checks both again.
 */
export function newPasswordSchema(minLength: number) {
  return z.string().superRefine((password, ctx) => {
    const length = characters(password);
    if (length < minLength) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: minLength,
        inclusive: true,
        input: password,
      });
    } else if (length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: PASSWORD_MAX_LENGTH,
        inclusive: true,
        input: password,
      });
    } else if (!passwordPolicy.safeParse(password).success) {
      ctx.addIssue({ code: 'custom', input: password });
    }
  });
}

/** A new password typed twice: the reset link's form and an invitation's first password. */
export function newPasswordForm(passwordMinimum: number) {
  return z
    .object({ new_password: newPasswordSchema(passwordMinimum), confirm_password: z.string() })
    .refine(({ new_password, confirm_password }) => new_password === confirm_password, {
      path: ['confirm_password'],
    });
}
