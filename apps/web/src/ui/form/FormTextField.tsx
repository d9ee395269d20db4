import type { ComponentProps } from 'react';
import { useFormContext } from 'react-hook-form';
import { TextField } from '../TextField.tsx';
import { useFieldMessage } from './use-field-message.ts';

type FormTextFieldProps = Omit<ComponentProps<typeof TextField>, 'error' | 'name' | 'value' | 'onChange'> & {
  name: string;
  /** Fields checked again when this one changes (a rule between them, e.g. a range's end). */
  deps?: string | string[];
};

/** A TextField bound to the surrounding `Form`'s value and error for `name`. */
export function FormTextField({ name, deps, ...field }: FormTextFieldProps) {
  const { register } = useFormContext();
  return <TextField {...field} {...register(name, { deps })} error={useFieldMessage(name)} />;
}
