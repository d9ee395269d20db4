import { useId, type ComponentPropsWithoutRef } from 'react';
import { useFormContext } from 'react-hook-form';
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
  const error = useFieldMessage(name);
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      <textarea
        {...textarea}
        {...register(name)}
        id={id}
        className={className ? `field__input ${className}` : 'field__input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
    </div>
  );
}
