import { toNestErrors } from '@hookform/resolvers';
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import type { z } from 'zod';
import { encodeMessage, messageOfIssue, type FieldMessage, type Issue } from './issue-message.ts';

export interface ZodFormOptions<Input extends FieldValues, Output> extends Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver'
> {
  /** A form's own words for some issues; `undefined` falls back to the common ones. */
  messageOf?: (issue: Issue) => FieldMessage | undefined;
}

/**
 * Checks the values with `schema` and words every issue through `messageOf`. The protocol's
 * schemas carry English messages for the API, which would win over a per-parse error map, so
 * the issues are worded here, after the parse, from their codes.
 */
function zodFormResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  messageOf: ZodFormOptions<Input, Output>['messageOf'],
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const message = encodeMessage(messageOf?.(issue) ?? messageOfIssue(issue));
      errors[issue.path.join('.')] ??= { type: issue.code, message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * The one way a form holds its values: react-hook-form, checked by the protocol's zod schema,
 * the one the server applies. Errors show after the first submit and clear as the field is fixed.
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  { messageOf, ...options }: ZodFormOptions<z.input<Schema>, z.output<Schema>> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodFormResolver(schema as unknown as z.ZodType<z.output<Schema>, z.input<Schema>>, messageOf),
  });
}
