import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: ReactNode;
  hint?: string;
  error?: string;
}

export function Checkbox({ label, hint, error, ...input }: CheckboxProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="checkbox-field">
      <div className="checkbox">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <span>
          <label htmlFor={id}>{label}</label>
          {hint && (
            <span className="field__hint checkbox__hint" id={hintId}>
              {hint}
            </span>
          )}
        </span>
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
