import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyTable } from '../../../ui/intake-record/field-spec.ts';
import { fieldId, focusField } from './form-context.ts';
import { specAt, tableAt } from '../../../ui/intake-record/form-values.ts';
import type { FieldErrors } from './validation.ts';

interface ErrorSummaryProps {
  table: AnyTable;
  idPrefix: string;
  errors: FieldErrors;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The step's problems at its top, each a link to its field (GOV.UK error summary pattern).
 * It takes focus after a failed save so the list is read first.
 */
export function ErrorSummary({ table, idPrefix, errors, ref }: ErrorSummaryProps) {
  const { t } = useTranslation('intake');
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;

  /** "Emergency contact 2 – Phone number", so a link says which of several alike fields it is. */
  const describe = (key: string) => {
    const path = key.split('.');
    const parts: string[] = [];
    path.forEach((step, i) => {
      const upTo = path.slice(0, i + 1);
      if (/^\d+$/.test(step)) {
        // The table of a list's items: the one a field inside item `step` belongs to.
        parts.push(t(`items.${tableAt(table, [...upTo, '']).scope}`, { n: Number(step) + 1 }));
      } else if (i === path.length - 1 || specAt(table, upTo)?.kind === 'group') {
        parts.push(t(`fields.${tableAt(table, upTo).scope}.${step}`));
      }
    });
    return parts.join(t('errorSummary.pathSeparator'));
  };

  return (
    <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby={`${idPrefix}-error-summary`}>
      <h3 className="error-summary__title" id={`${idPrefix}-error-summary`}>
        {t('errorSummary.title', { count: entries.length })}
      </h3>
      <ul className="error-summary__list">
        {entries.map(([key, message]) => {
          const id = fieldId(idPrefix, key.split('.'));
          return (
            <li key={key}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  // The router would treat a hash change as a navigation; just move focus.
                  event.preventDefault();
                  focusField(id);
                }}
              >
                {t('errorSummary.item', { field: describe(key), message: t(message.key, message.values) })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
