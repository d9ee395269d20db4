import type { ComponentPropsWithoutRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldFrame } from '../FieldFrame.tsx';
import { useFieldMessage } from './use-field-message.ts';

type FormTextAreaProps = Omit<
  ComponentPropsWithoutRef<'textarea'>,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur'
> & {
  name: string;
  label: string;
  hint?: string;
};

/** A labelled textarea bound to the surrounding `Form`'s value and error for `name`. */
export function FormTextArea({ name, label, hint, className, ...textarea }: FormTextAreaProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame label={label} hint={hint} error={useFieldMessage(name)}>
      {(control) => (
        <textarea
          {...textarea}
          {...register(name)}
          {...control}
          className={className ? `field__input ${className}` : 'field__input'}
        />
      )}
    </FieldFrame>
  );
}
