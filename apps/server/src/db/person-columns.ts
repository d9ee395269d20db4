import { users } from './schema/index.ts';

/** A person as a page lists them and a mail addresses them: who, where to write, in which language. */
export const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  locale: users.locale,
};
