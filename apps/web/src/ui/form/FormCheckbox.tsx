import type { ComponentProps } from 'react';
import { useFormContext } from 'react-hook-form';
import { Checkbox } from '../Checkbox.tsx';
import { useFieldMessage } from './use-field-message.ts';

type FormCheckboxProps = Omit<ComponentProps<typeof Checkbox>, 'error' | 'name' | 'checked' | 'onChange'> & {
  name: string;
};

/** A Checkbox bound to the surrounding `Form`'s boolean value and error for `name`. */
export function FormCheckbox({ name, ...field }: FormCheckboxProps) {
  const { register } = useFormContext();
  return <Checkbox {...field} {...register(name)} error={useFieldMessage(name)} />;
}
