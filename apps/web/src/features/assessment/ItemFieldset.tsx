import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstrumentItem } from '@portal/protocol';
import { localized } from './localized.ts';

interface ItemFieldsetProps {
  item: InstrumentItem;
  value: string | undefined;
  onChange: (value: string) => void;
  /** Shown under the question, e.g. when it was left unanswered at submission. */
  error?: string;
  /** Where focus goes when this question becomes the current step or needs an answer. */
  legendRef?: Ref<HTMLLegendElement>;
}

/** One question as a radio group: the legend is the question, the help text describes it. */
export function ItemFieldset({ item, value, onChange, error, legendRef }: ItemFieldsetProps) {
  const { i18n } = useTranslation('assessment');
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
                checked={value === option.value}
                onChange={() => onChange(option.value)}
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
