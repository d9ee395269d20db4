import { z } from 'zod/mini';

/**
 * The sign-in form checks presence only: the server judges the credentials. Written with zod's
 * tree-shakeable build so the login page, the first page most people load, stays light.
 */
export const loginForm = z.object({
  email: z.string().check(z.trim(), z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  // The box's name, as the page has always posted it.
  'keep-logged-in': z.boolean(),
});

export type LoginForm = z.output<typeof loginForm>;
