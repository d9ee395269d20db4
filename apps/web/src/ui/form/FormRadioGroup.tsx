import { useId, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useFieldMessage } from './use-field-message.ts';
import './radio-group.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

interface FormRadioGroupProps {
  name: string;
  legend: string;
  options: readonly RadioOption[];
  /** The form's value for a chosen option's string, when the schema wants another type (a boolean). */
  parse?: (value: string) => unknown;
  /** Called with the option chosen, after the form holds it (a choice that prefills other fields). */
  onChoose?: (value: string) => void;
  className?: string;
}

/**
 * One choice among a few, as a fieldset whose legend names the question (WCAG 1.3.1): the error
 * follows the legend and every radio points at it.
 */
export function FormRadioGroup({ name, legend, options, parse, onChoose, className }: FormRadioGroupProps) {
  const { field } = useController({ name });
  const { ref, value, onChange, onBlur } = field;
  const error = useFieldMessage(name);
  const errorId = `${useId()}-error`;
  const valueOf = (option: string) => (parse ? parse(option) : option);
  return (
    <fieldset className={className ? `radio-group ${className}` : 'radio-group'}>
      <legend className="radio-group__legend">{legend}</legend>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {options.map((option, index) => (
        <label key={option.value} className="radio-group__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === valueOf(option.value)}
            ref={index === 0 ? ref : undefined}
            onChange={() => {
              onChange(valueOf(option.value));
              onChoose?.(option.value);
            }}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
