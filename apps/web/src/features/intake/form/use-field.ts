import { useTranslation } from 'react-i18next';
import type { AnySpec, FieldPath, FormValue } from '../../../ui/intake-record/field-spec.ts';
import { fieldId, useFormContext } from './form-context.ts';
import { getAt, pathKey } from '../../../ui/intake-record/form-values.ts';

/** Everything one control needs: its id, value, label, hint and error, tied together for assistive tech. */
export function useField(spec: AnySpec, path: FieldPath, scope: string) {
  const { t } = useTranslation('intake');
  const form = useFormContext();
  const id = fieldId(form.idPrefix, path);
  const name = String(path.at(-1));
  const error = form.errors[pathKey(path)];
  const hintKey =
    spec.hint ??
    (spec.kind === 'tel' ? 'hints.phone' : spec.kind === 'partialDate' ? 'hints.partialDate' : undefined);
  const hintId = hintKey ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const plainLabel = t(`fields.${scope}.${name}`);
  return {
    id,
    value: getAt(form.values, path),
    label: spec.optional ? t('optional', { label: plainLabel }) : plainLabel,
    hint: hintKey ? t(hintKey) : undefined,
    hintId,
    error: error ? t(error.key, error.values) : undefined,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
    restriction: form.restrictions?.[pathKey(path)],
    set: (value: FormValue) => form.setValue(path, value),
  };
}

export type FieldState = ReturnType<typeof useField>;
