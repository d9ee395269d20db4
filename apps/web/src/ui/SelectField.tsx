import { useId, type ComponentPropsWithRef } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  /** The option's language when it differs from the page's (a language picker's own names). */
  lang?: string;
}

interface SelectFieldProps extends Omit<
  ComponentPropsWithRef<'select'>,
  'id' | 'value' | 'onChange' | 'children' | 'className'
> {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  /** The wrapper's classes: a form field by default, a toolbar filter where the layout asks. */
  className?: string;
  labelClassName?: string;
  /** Added to the select's own `field__input`. */
  selectClassName?: string;
}

/** A labelled select whose error is tied to it with aria-describedby, as TextField does for inputs. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  className = 'field',
  labelClassName = 'field__label',
  selectClassName,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={selectClassName ? `field__input ${selectClassName}` : 'field__input'}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
