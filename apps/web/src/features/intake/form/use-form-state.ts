import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldPath, FormRecord, FormValue } from '../../../ui/intake-record/field-spec.ts';
import { focusField, type FormContextValue, type FieldRestriction } from './form-context.ts';
import { pathKey, setAt } from '../../../ui/intake-record/form-values.ts';
import type { FieldErrors } from './validation.ts';

/** Drops the errors of a field and of everything inside it: the patient is fixing it. */
function withoutErrorsAt(errors: FieldErrors, path: FieldPath): FieldErrors {
  const key = pathKey(path);
  const kept = Object.entries(errors).filter(([k]) => k !== key && !k.startsWith(`${key}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** A section form's values and errors, and the context its fields read them from. */
export function useFormState(
  initial: () => FormRecord,
  idPrefix: string,
  restrictions?: Record<string, FieldRestriction>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);

  // After adding or removing an item, focus waits for the new DOM.
  useEffect(() => {
    if (focusRequest) focusField(focusRequest.id);
  }, [focusRequest]);

  const setValue = useCallback((path: FieldPath, value: FormValue) => {
    setValues((current) => setAt(current, path, value));
    setErrors((current) => withoutErrorsAt(current, path));
  }, []);

  const setList = useCallback((path: FieldPath, items: FormRecord[], focusId: string) => {
    setValues((current) => setAt(current, path, items));
    // Item indexes shift, so the list's old messages no longer point at the right fields.
    setErrors((current) => withoutErrorsAt(current, path));
    setFocusRequest({ id: focusId });
  }, []);

  const context: FormContextValue = useMemo(
    () => ({ idPrefix, values, errors, setValue, setList, restrictions }),
    [idPrefix, values, errors, setValue, setList, restrictions],
  );
  return { values, setValues, errors, setErrors, context };
}
