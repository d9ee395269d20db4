import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySpec, FieldPath } from '../../../ui/intake-record/field-spec.ts';
import { FieldError, FieldHint } from './FieldMessages.tsx';
import { countries, languages } from '../../../ui/intake-record/named-codes.ts';
import { useField, type FieldState } from './use-field.ts';

type InputSpec = Extract<
  AnySpec,
  {
    kind:
      | 'text'
      | 'textarea'
      | 'email'
      | 'tel'
      | 'date'
      | 'partialDate'
      | 'number'
      | 'select'
      | 'country'
      | 'language';
  }
>;

/** Per kind, what helps on a phone: the right keyboard, no autocorrect on codes and addresses. */
const INPUT_PROPS: Partial<Record<InputSpec['kind'], InputHTMLAttributes<HTMLInputElement>>> = {
  email: { type: 'email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
  tel: { type: 'tel', inputMode: 'tel' },
  date: { type: 'date' },
  partialDate: { type: 'text', inputMode: 'numeric', spellCheck: false },
  number: { type: 'text', inputMode: 'decimal' },
};

function Options({ spec, field }: { spec: InputSpec; field: FieldState }) {
  const { t, i18n } = useTranslation('intake');
  let options: { code: string; name: string }[] = [];
  if (spec.kind === 'country') options = countries(i18n.language);
  if (spec.kind === 'language') options = languages(i18n.language, t('options.language.other'));
  if (spec.kind === 'select') {
    const open = field.restriction?.values;
    options = spec.options.values
      .filter((value) => !open || open.includes(value) || value === field.value)
      .map((value) => ({ code: value, name: t(`options.${spec.options.name}.${value}`) }));
  }
  return (
    <>
      <option value="">{t('choose')}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </>
  );
}

/** One labelled control whose value is a string: text, e-mail, phone, dates, numbers, selects. */
export function InputField({ spec, path, scope }: { spec: InputSpec; path: FieldPath; scope: string }) {
  const { t } = useTranslation('intake');
  const field = useField(spec, path, scope);
  const shared = {
    id: field.id,
    value: typeof field.value === 'string' ? field.value : '',
    autoComplete: spec.autoComplete,
    disabled: field.restriction?.disabled,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.describedBy,
    className: 'field__input',
  };
  let control;
  if (spec.kind === 'select' || spec.kind === 'country' || spec.kind === 'language') {
    control = (
      <select {...shared} onChange={(event) => field.set(event.target.value)}>
        <Options spec={spec} field={field} />
      </select>
    );
  } else if (spec.kind === 'textarea') {
    control = <textarea {...shared} rows={3} onChange={(event) => field.set(event.target.value)} />;
  } else {
    control = (
      <input
        {...INPUT_PROPS[spec.kind]}
        {...shared}
        type={INPUT_PROPS[spec.kind]?.type ?? 'text'}
        onChange={(event) => field.set(event.target.value)}
      />
    );
  }
  return (
    <div className="field intake-field">
      <label className="field__label" htmlFor={field.id}>
        {field.label}
      </label>
      <FieldHint field={field} />
      {spec.kind === 'number' ? (
        <span className="intake-field__with-unit">
          {control}
          <span aria-hidden="true">{t(spec.unit)}</span>
        </span>
      ) : (
        control
      )}
      <FieldError field={field} />
    </div>
  );
}
