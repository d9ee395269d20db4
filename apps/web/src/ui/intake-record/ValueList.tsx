import { useTranslation } from 'react-i18next';
import type { AnyTable, FormRecord } from './field-spec.ts';
import { displayValue } from './display-value.ts';
import { formFromValue, isBlankValue } from './form-values.ts';
import './value-list.css';

interface ValueListProps {
  table: AnyTable;
  value: unknown;
  /** Heading level of list items' titles, one below the surrounding heading. */
  level?: 4 | 5;
  /** Fields the surrounding screen already shows another way. */
  omit?: readonly string[];
  /** Who reads it: staff read labels about the patient (`staffFields`), not the patient's own "your". */
  reader?: 'patient' | 'staff';
}

/** A saved section read back as a description list, from the same field table the form uses. */
export function ValueList({ table, value, level = 4, omit = [], reader = 'patient' }: ValueListProps) {
  const { t, i18n } = useTranslation('intake');
  const form = formFromValue(table, value);
  // A checkbox's "no" and an empty list ("none") are answers too; other empty fields were
  // simply not filled in.
  const rows = Object.entries(table.fields).filter(
    ([name, spec]) =>
      !omit.includes(name) &&
      (!spec.visibleWhen || spec.visibleWhen(form)) &&
      (spec.kind === 'checkbox' || spec.kind === 'list' || !isBlankValue(form[name])),
  );
  if (rows.length === 0) return <p className="review__empty">{t('review.nothingEntered')}</p>;
  const ItemTitle = `h${level}` as const;
  return (
    <dl className="value-list">
      {rows.map(([name, spec]) => {
        const v = form[name];
        const own = `fields.${table.scope}.${name}`;
        // A staff wording where the patient's own reads "you"; the same label where it does not.
        const label = reader === 'staff' ? t([`staffFields.${table.scope}.${name}`, own] as never) : t(own);
        let content;
        if (spec.kind === 'group') {
          content = <ValueList table={spec.table} value={v} level={level} reader={reader} />;
        } else if (spec.kind === 'list' && isBlankValue(v)) {
          content = t('review.noneListed');
        } else if (spec.kind === 'list') {
          content = (
            <ol className="value-list__items">
              {(v as FormRecord[]).map((item, index) => (
                <li key={index}>
                  <ItemTitle className="value-list__item-title">
                    {t(`items.${spec.table.scope}`, { n: index + 1 })}
                  </ItemTitle>
                  <ValueList table={spec.table} value={item} level={level} reader={reader} />
                </li>
              ))}
            </ol>
          );
        } else {
          content = displayValue(spec, v as string | boolean | string[], t, i18n.language);
        }
        return (
          <div key={name} className={`value-list__row value-list__row--${spec.kind}`}>
            <dt>{label}</dt>
            <dd>{content}</dd>
          </div>
        );
      })}
    </dl>
  );
}
