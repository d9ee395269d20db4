import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { decodeMessage } from '../../../ui/form/issue-message.ts';
import type { AnyTable, FieldPath } from '../../../ui/intake-record/field-spec.ts';
import { pathKey, specAt, tableAt } from '../../../ui/intake-record/form-values.ts';
import { fieldId, focusField, useFieldTableSettings } from './field-table-context.ts';

/** react-hook-form's errors as they nest: a field's message, a list's own under `root`. */
interface ErrorTree {
  message?: unknown;
  root?: { message?: unknown };
  [step: string]: unknown;
}

/** Every message in `errors` with its field's path, in the order the table shows the fields. */
function messagesIn(table: AnyTable, errors: ErrorTree | undefined, path: FieldPath): [FieldPath, string][] {
  return Object.entries(table.fields).flatMap(([name, spec]) => {
    const here = errors?.[name] as ErrorTree | undefined;
    if (!here) return [];
    const at = [...path, name];
    const message = here.root?.message ?? here.message;
    const own: [FieldPath, string][] = typeof message === 'string' ? [[at, message]] : [];
    if (spec.kind === 'group') return [...own, ...messagesIn(spec.table, here, at)];
    if (spec.kind !== 'list') return own;
    const items = Object.keys(here)
      .filter((step) => /^\d+$/.test(step))
      .flatMap((step) => messagesIn(spec.table, here[step] as ErrorTree, [...at, Number(step)]));
    return [...own, ...items];
  });
}

/**
 * The step's problems at its top, each a link to its field (GOV.UK error summary pattern).
 * It takes focus after each failed save (`focusRequest` counts them) so the list is read first.
 */
export function ErrorSummary({ table, focusRequest }: { table: AnyTable; focusRequest: number }) {
  const { t } = useTranslation('intake');
  const { idPrefix } = useFieldTableSettings();
  const { errors } = useFormState();
  const entries = messagesIn(table, errors as ErrorTree, []);
  const box = useRef<HTMLDivElement>(null);
  // Each request once, when the summary is there: the errors arrive after the failed save is reported.
  const focused = useRef(0);
  useEffect(() => {
    if (focusRequest > focused.current && box.current) {
      focused.current = focusRequest;
      box.current.focus();
    }
  });
  if (entries.length === 0) return null;

  /** "Emergency contact 2 – Phone number", so a link says which of several alike fields it is. */
  const describe = (path: FieldPath) => {
    const parts: string[] = [];
    path.forEach((step, i) => {
      const upTo = path.slice(0, i + 1);
      if (typeof step === 'number') {
        // The table of a list's items: the one a field inside item `step` belongs to.
        parts.push(t(`items.${tableAt(table, [...upTo, '']).scope}`, { n: step + 1 }));
      } else if (i === path.length - 1 || specAt(table, upTo)?.kind === 'group') {
        parts.push(t(`fields.${tableAt(table, upTo).scope}.${step}`));
      }
    });
    return parts.join(t('errorSummary.pathSeparator'));
  };

  return (
    <div className="error-summary" ref={box} tabIndex={-1} aria-labelledby={`${idPrefix}-error-summary`}>
      <h3 className="error-summary__title" id={`${idPrefix}-error-summary`}>
        {t('errorSummary.title', { count: entries.length })}
      </h3>
      <ul className="error-summary__list">
        {entries.map(([path, message]) => {
          const id = fieldId(idPrefix, path);
          const { key, values } = decodeMessage(message);
          return (
            <li key={pathKey(path)}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  // The router would treat a hash change as a navigation; just move focus.
                  event.preventDefault();
                  focusField(id);
                }}
              >
                {t('errorSummary.item', { field: describe(path), message: t(key, values) })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
