import type { ComponentProps } from 'react';
import { useController } from 'react-hook-form';
import { SelectField } from '../SelectField.tsx';
import { useFieldMessage } from './use-field-message.ts';

type FormSelectFieldProps = Omit<
  ComponentProps<typeof SelectField>,
  'error' | 'name' | 'value' | 'onChange' | 'onBlur'
> & { name: string };

/** A SelectField bound to the surrounding `Form`'s value and error for `name`. */
export function FormSelectField({ name, ...field }: FormSelectFieldProps) {
  const { field: bound } = useController({ name });
  const { ref, value, onChange, onBlur } = bound;
  return (
    <SelectField
      {...field}
      ref={ref}
      name={name}
      value={String(value ?? '')}
      onChange={onChange}
      onBlur={onBlur}
      error={useFieldMessage(name)}
    />
  );
}
