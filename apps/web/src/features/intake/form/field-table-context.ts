import { createContext, useContext } from 'react';
import type { FieldPath } from '../../../ui/intake-record/field-spec.ts';
import { pathKey } from '../../../ui/intake-record/form-values.ts';

/** Limits one form puts on a field beyond its table, e.g. a coverage's type once it is saved. */
export interface FieldRestriction {
  disabled?: boolean;
  /** The choices still open (one coverage per insurance type). */
  values?: readonly string[];
}

/** What a field table's controls need beyond their values, which react-hook-form holds. */
export interface FieldTableSettings {
  /** Makes field ids unique on the page and stable, so error links can point at them. */
  idPrefix: string;
  restrictions?: Record<string, FieldRestriction>;
}

export const FieldTableContext = createContext<FieldTableSettings>({ idPrefix: 'intake' });

export const useFieldTableSettings = () => useContext(FieldTableContext);

export const fieldId = (idPrefix: string, path: FieldPath) =>
  `${idPrefix}-${pathKey(path).replaceAll('.', '-')}`;

/** Moves focus to a field (or the first control inside a group) and brings its label into view. */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const target = element.matches('input, select, textarea, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>('input, select, textarea, button');
  target?.focus({ preventScroll: true });
  (element.closest('.intake-field, fieldset, .repeat') ?? element).scrollIntoView({ block: 'center' });
}
