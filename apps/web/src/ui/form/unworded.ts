import { z } from 'zod';

/**
 * A protocol field's schema whose refusals the form words. The protocol writes English messages
 * for the API's answers, and zod lets a schema's own message outrank the form's i18n keys: here
 * the same checks run and their issues reach `useZodForm`'s mapping without those messages, at
 * the field itself (a refused list item is the list's refusal).
 */
export function unworded<Schema extends z.ZodType>(schema: Schema) {
  return z
    .custom<z.input<Schema>>(() => true)
    .transform((value, ctx): z.output<Schema> => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const { message: _message, path: _path, ...issue } of parsed.error.issues) {
        ctx.addIssue({ ...issue, input: value } as z.core.$ZodRawIssue);
      }
      return z.NEVER;
    });
}
