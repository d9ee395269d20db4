import { dateOfBirthSchema, nameSchema, signupRequest } from '@portal/protocol';
import { newPasswordSchema } from '../../ui/form/new-password.ts';
import { unworded } from '../../ui/form/unworded.ts';

/** The signup request as a person fills it in: the plaintext password, before it is sealed. */
export function signupForm(passwordMinimum: number) {
  return signupRequest.pick({ email: true, agree_terms: true }).extend({
    first_name: unworded(nameSchema),
    last_name: unworded(nameSchema),
    date_of_birth: unworded(dateOfBirthSchema),
    password: newPasswordSchema(passwordMinimum),
  });
}
