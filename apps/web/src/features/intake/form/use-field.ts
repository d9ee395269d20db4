import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../../ui/form/use-field-message.ts';
import type { AnySpec, FieldPath, FormValue } from '../../../ui/intake-record/field-spec.ts';
import { pathKey } from '../../../ui/intake-record/form-values.ts';
import { fieldId, useFieldTableSettings } from './field-table-context.ts';

/** Everything one control needs: its id, value, label, hint and error, tied together for assistive tech. */
export function useField(spec: AnySpec, path: FieldPath, scope: string) {
  const { t } = useTranslation('intake');
  const { idPrefix, restrictions } = useFieldTableSettings();
  const name = pathKey(path);
  const { field } = useController({ name });
  const error = useFieldMessage(name);
  const id = fieldId(idPrefix, path);
  const hintKey =
    spec.hint ??
    (spec.kind === 'tel' ? 'hints.phone' : spec.kind === 'partialDate' ? 'hints.partialDate' : undefined);
  const hintId = hintKey ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const plainLabel = t(`fields.${scope}.${String(path.at(-1))}`);
  return {
    id,
    value: field.value as FormValue | undefined,
    label: spec.optional ? t('optional', { label: plainLabel }) : plainLabel,
    hint: hintKey ? t(hintKey) : undefined,
    hintId,
    error,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
    restriction: restrictions?.[name],
    set: (value: FormValue) => field.onChange(value),
  };
}

export type FieldState = ReturnType<typeof useField>;
