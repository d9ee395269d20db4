import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
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
    resolver: zodResolver(schema as never, {
      error: (issue: Issue) => encodeMessage(messageOf?.(issue) ?? messageOfIssue(issue)),
    }) as never,
  });
}
