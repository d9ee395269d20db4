import type { Ref } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { InstrumentItem } from '@portal/protocol';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { localized } from './localized.ts';

interface ItemFieldsetProps {
  item: InstrumentItem;
  /** Where focus goes when this question becomes the current step or needs an answer. */
  legendRef?: Ref<HTMLLegendElement>;
}

/** One question as a radio group bound to its answer: the legend is the question, the help text describes it. */
export function ItemFieldset({ item, legendRef }: ItemFieldsetProps) {
  const { i18n } = useTranslation('assessment');
  const { field } = useController({ name: item.id });
  const { clearErrors } = useFormContext();
  // Shown when the question was left open at a submission or a step forward.
  const error = useFieldMessage(item.id);
  const id = `bf-adl-${item.id}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [item.help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`bf-adl-item${error ? ' bf-adl-item--invalid' : ''}`}
      id={id}
      aria-describedby={describedBy}
    >
      <legend className="bf-adl-item__question" ref={legendRef} tabIndex={-1}>
        {localized(item.text, i18n.language)}
      </legend>
      {item.help && (
        <p className="bf-adl-item__help" id={helpId}>
          {localized(item.help, i18n.language)}
        </p>
      )}
      <div className="bf-adl-item__options">
        {item.options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div className="bf-adl-option" key={option.value}>
              <input
                id={optionId}
                type="radio"
                name={id}
                value={option.value}
                checked={field.value === option.value}
                onChange={() => {
                  field.onChange(option.value);
                  // A step forward checks before any submission, when answering revalidates nothing.
                  clearErrors(item.id);
                }}
              />
              <label htmlFor={optionId}>{localized(option.label, i18n.language)}</label>
            </div>
          );
        })}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
