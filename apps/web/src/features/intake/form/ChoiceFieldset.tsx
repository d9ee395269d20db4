import { useTranslation } from 'react-i18next';
import type { AnySpec, FieldPath } from '../../../ui/intake-record/field-spec.ts';
import { FieldError, FieldHint } from './FieldMessages.tsx';
import { useField } from './use-field.ts';

type ChoicesSpec = Extract<AnySpec, { kind: 'radios' | 'checkboxes' }>;

/** Radios (one of) or checkboxes (any of) in a fieldset whose legend is the question. */
export function ChoiceFieldset({ spec, path, scope }: { spec: ChoicesSpec; path: FieldPath; scope: string }) {
  const { t } = useTranslation('intake');
  const field = useField(spec, path, scope);
  const chosen = spec.kind === 'checkboxes' && Array.isArray(field.value) ? (field.value as string[]) : [];
  const toggle = (value: string, on: boolean) =>
    field.set(
      on
        ? spec.options.values.filter((v) => v === value || chosen.includes(v))
        : chosen.filter((v) => v !== value),
    );
  return (
    <fieldset
      className={`intake-choices intake-choices--${spec.kind}`}
      id={field.id}
      aria-describedby={field.describedBy}
    >
      <legend className="field__label">{field.label}</legend>
      <FieldHint field={field} />
      <div className="intake-choices__options">
        {spec.options.values.map((value) => {
          const id = `${field.id}-${value}`;
          const label = t(`options.${spec.options.name}.${value}`);
          return (
            <div className="checkbox intake-choices__option" key={value}>
              {spec.kind === 'radios' ? (
                <input
                  id={id}
                  type="radio"
                  name={field.id}
                  value={value}
                  checked={field.value === value}
                  onChange={() => field.set(value)}
                />
              ) : (
                <input
                  id={id}
                  type="checkbox"
                  checked={chosen.includes(value)}
                  onChange={(event) => toggle(value, event.target.checked)}
                />
              )}
              <label htmlFor={id}>{label}</label>
            </div>
          );
        })}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
