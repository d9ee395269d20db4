import { z } from 'zod';

/** The sign-in form checks presence only: the server judges the credentials. */
export const loginForm = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  // The box's name, as the page has always posted it.
  'keep-logged-in': z.boolean(),
});

export type LoginForm = z.output<typeof loginForm>;
