import { createContext, useContext } from 'react';
import type { FieldPath, FormRecord, FormValue } from '../../../ui/intake-record/field-spec.ts';
import { pathKey } from '../../../ui/intake-record/form-values.ts';
import type { FieldErrors } from './validation.ts';

/** Limits one form puts on a field beyond its table, e.g. a coverage's type once it is saved. */
export interface FieldRestriction {
  disabled?: boolean;
  /** The choices still open (one coverage per insurance type). */
  values?: readonly string[];
}

export interface FormContextValue {
  /** Makes field ids unique on the page and stable, so error links can point at them. */
  idPrefix: string;
  values: FormRecord;
  errors: FieldErrors;
  setValue: (path: FieldPath, value: FormValue) => void;
  /** Replaces a list: add and remove, with where focus goes next. */
  setList: (path: FieldPath, items: FormRecord[], focusId: string) => void;
  restrictions?: Record<string, FieldRestriction>;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const context = useContext(FormContext);
  if (!context) throw new Error('A field must be rendered inside a section form');
  return context;
}

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
