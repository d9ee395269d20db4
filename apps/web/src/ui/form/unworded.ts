import { z } from 'zod';

/**
 * A protocol schema whose refusals the form words. The protocol writes English messages for the
 * API's answers, and zod lets a schema's own message outrank the form's i18n keys: here the same
 * checks run and their issues reach `useZodForm`'s mapping without those messages.
 */
export function unworded<Output>(schema: z.ZodType<Output, string>) {
  return z.string().transform((value, ctx): Output => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const { message: _message, ...issue } of parsed.error.issues) {
      ctx.addIssue({ ...issue, input: value } as z.core.$ZodRawIssue);
    }
    return z.NEVER;
  });
}
