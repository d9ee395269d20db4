import type { FieldMessage, Issue } from '../../ui/form/issue-message.ts';

const field = (issue: Issue) => String(issue.path?.[0] ?? '');

/** Blank fields keep the common "required"; the rest in the words the auth pages always used. */
const FIELD_MESSAGES: Record<string, (issue: Issue) => FieldMessage> = {
  first_name: nameMessage,
  last_name: nameMessage,
  date_of_birth: () => ({ key: 'errors.dateOfBirth' }),
  agree_terms: () => ({ key: 'errors.agreeTerms' }),
  password: newPasswordMessage,
  new_password: newPasswordMessage,
  confirm_password: () => ({ key: 'errors.passwordMismatch' }),
};

function nameMessage(issue: Issue): FieldMessage {
  return { key: issue.code === 'too_big' ? 'errors.nameLength' : 'errors.nameCharacters' };
}

function newPasswordMessage(issue: Issue): FieldMessage {
  if (issue.code === 'too_small')
    return { key: 'errors.passwordShort', values: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big') return { key: 'errors.passwordLong' };
  return { key: 'errors.passwordCommon' };
}

/** `useZodForm`'s `messageOf` for the auth pages (namespace `auth`). */
export function authMessage(issue: Issue): FieldMessage | undefined {
  if (issue.input === '' || issue.input === undefined) return undefined;
  return FIELD_MESSAGES[field(issue)]?.(issue);
}
