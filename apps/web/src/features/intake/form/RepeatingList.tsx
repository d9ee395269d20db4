import { useEffect, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../../ui/form/use-field-message.ts';
import type { FieldPath, FormRecord, ListSpecAny } from '../../../ui/intake-record/field-spec.ts';
import { emptyForm, pathKey } from '../../../ui/intake-record/form-values.ts';
import { fieldId, focusField, useFieldTableSettings } from './field-table-context.ts';
import { FieldTableView } from './FieldTableView.tsx';

/**
 * A repeating group (emergency contacts, conditions, medicines…): each item a labelled group
 * with its own remove button naming it; focus follows what the patient did (the new item's
 * first field after adding, the neighbouring item after removing).
 */
export function RepeatingList({ spec, path, scope }: { spec: ListSpecAny; path: FieldPath; scope: string }) {
  const { t } = useTranslation('intake');
  const { idPrefix } = useFieldTableSettings();
  const name = pathKey(path);
  const { fields, append, remove } = useFieldArray({ name });
  const items = (useWatch({ name }) ?? []) as FormRecord[];
  // A list's own message (too few, too many) sits at its root once it has items.
  const rootError = useFieldMessage(`${name}.root`);
  const ownError = useFieldMessage(name);
  const error = rootError ?? ownError;
  // Focus waits for the added or removed item's DOM.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusRequest) focusField(focusRequest.id);
  }, [focusRequest]);

  const id = fieldId(idPrefix, path);
  const itemScope = spec.table.scope;
  const firstField = Object.keys(spec.table.fields)[0] ?? '';
  const headingOf = (index: number) => `${fieldId(idPrefix, [...path, index])}-heading`;
  const titleOf = (index: number) => {
    const title = t(`items.${itemScope}`, { n: index + 1 });
    const itemName = items[index]?.[spec.itemName];
    return typeof itemName === 'string' && itemName.trim()
      ? t('list.itemNamed', { title, name: itemName.trim() })
      : title;
  };

  const add = () => {
    append(emptyForm(spec.table), { shouldFocus: false });
    setFocusRequest({ id: fieldId(idPrefix, [...path, fields.length, firstField]) });
  };
  const removeAt = (index: number) => {
    remove(index);
    const left = fields.length - 1;
    setFocusRequest({ id: left === 0 ? `${id}-add` : headingOf(Math.min(index, left - 1)) });
  };

  return (
    <section className="repeat" id={id} aria-labelledby={`${id}-title`}>
      <h3 className="repeat__title" id={`${id}-title`}>
        {t(`fields.${scope}.${String(path.at(-1))}`)}
      </h3>
      {spec.hint && <p className="field__hint">{t(spec.hint)}</p>}
      {fields.length > 0 && (
        <ol className="repeat__items">
          {fields.map((item, index) => (
            <li key={item.id} className="repeat__item">
              <h4 className="repeat__item-title" id={headingOf(index)} tabIndex={-1}>
                {titleOf(index)}
              </h4>
              <FieldTableView table={spec.table} path={[...path, index]} />
              {fields.length > (spec.min ?? 0) && (
                <button
                  type="button"
                  className="button button--ghost repeat__remove"
                  onClick={() => removeAt(index)}
                >
                  {t('list.remove')}
                  <span className="visually-hidden"> {titleOf(index)}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {fields.length < spec.max ? (
        <button
          type="button"
          id={`${id}-add`}
          className="button button--secondary repeat__add"
          onClick={add}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {t(`list.add.${itemScope}`)}
        </button>
      ) : (
        <p className="field__hint">{t('list.full', { max: spec.max })}</p>
      )}
    </section>
  );
}
