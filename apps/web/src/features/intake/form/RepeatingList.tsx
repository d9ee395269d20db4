import { useTranslation } from 'react-i18next';
import type { FieldPath, FormRecord, ListSpecAny } from '../../../ui/intake-record/field-spec.ts';
import { fieldId, useFormContext } from './form-context.ts';
import { emptyForm, getAt, pathKey } from '../../../ui/intake-record/form-values.ts';
import { FieldTableView } from './FieldTableView.tsx';

/**
 * A repeating group (emergency contacts, conditions, medicines…): each item a labelled group
 * with its own remove button naming it; focus follows what the patient did (the new item's
 * first field after adding, the neighbouring item after removing).
 */
export function RepeatingList({ spec, path, scope }: { spec: ListSpecAny; path: FieldPath; scope: string }) {
  const { t } = useTranslation('intake');
  const form = useFormContext();
  const items = (getAt(form.values, path) ?? []) as FormRecord[];
  const id = fieldId(form.idPrefix, path);
  const name = String(path.at(-1));
  const itemScope = spec.table.scope;
  const firstField = Object.keys(spec.table.fields)[0] ?? '';
  const error = form.errors[pathKey(path)];
  const headingOf = (index: number) => `${fieldId(form.idPrefix, [...path, index])}-heading`;
  const titleOf = (item: FormRecord, index: number) => {
    const title = t(`items.${itemScope}`, { n: index + 1 });
    const itemName = item[spec.itemName];
    return typeof itemName === 'string' && itemName.trim()
      ? t('list.itemNamed', { title, name: itemName.trim() })
      : title;
  };

  const add = () =>
    form.setList(
      path,
      [...items, emptyForm(spec.table)],
      fieldId(form.idPrefix, [...path, items.length, firstField]),
    );
  const remove = (index: number) => {
    const rest = items.filter((_, i) => i !== index);
    const next = rest.length === 0 ? `${id}-add` : headingOf(Math.min(index, rest.length - 1));
    form.setList(path, rest, next);
  };

  return (
    <section className="repeat" id={id} aria-labelledby={`${id}-title`}>
      <h3 className="repeat__title" id={`${id}-title`}>
        {t(`fields.${scope}.${name}`)}
      </h3>
      {spec.hint && <p className="field__hint">{t(spec.hint)}</p>}
      {items.length > 0 && (
        <ol className="repeat__items">
          {items.map((item, index) => (
            <li key={index} className="repeat__item">
              <h4 className="repeat__item-title" id={headingOf(index)} tabIndex={-1}>
                {titleOf(item, index)}
              </h4>
              <FieldTableView table={spec.table} path={[...path, index]} />
              {items.length > (spec.min ?? 0) && (
                <button
                  type="button"
                  className="button button--ghost repeat__remove"
                  onClick={() => remove(index)}
                >
                  {t('list.remove')}
                  <span className="visually-hidden"> {titleOf(item, index)}</span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {t(error.key, error.values)}
        </p>
      )}
      {items.length < spec.max ? (
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
