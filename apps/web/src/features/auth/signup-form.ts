import { signupRequest } from '@portal/protocol';
import { newPasswordSchema } from '../../ui/form/new-password.ts';

/** The signup request as a person fills it in: the plaintext password, before it is sealed. */
export function signupForm(passwordMinimum: number) {
  return signupRequest
    .pick({ email: true, first_name: true, last_name: true, date_of_birth: true, agree_terms: true })
    .extend({ password: newPasswordSchema(passwordMinimum) });
}
