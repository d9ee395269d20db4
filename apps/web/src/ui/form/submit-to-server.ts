import type { FieldPath, FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';

/**
 * Where the form's own message lives among react-hook-form's errors: a server refusal no one
 * field owns, or a rule about the whole form. The library clears it when the form is sent again.
 */
export const FORM_MESSAGE = 'root.form';

/** What a refused call means for a form: i18n keys in the form's namespace. */
export interface Refusal {
  /** For the form as a whole; null when there is nothing to say (the API layer told the person). */
  form: string | null;
  /** For the fields the server named, by their form path. */
  fields?: Readonly<Record<string, string>>;
}

interface ServerSubmit<Output> {
  send: (values: Output) => Promise<unknown>;
  refusalOf: (failure: unknown) => Refusal;
  /** After the server accepted the values; a refusal keeps the form (and its dialog) open. */
  onSent: (values: Output) => void;
}

/**
 * The one way a form sends its values: a refusal shows in the form, at the fields it names (the
 * first one focused) and in its alert (`FormSubmitAlert`).
 */
export function submitToServer<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  { send, refusalOf, onSent }: ServerSubmit<Output>,
): SubmitHandler<Output> {
  return async (values) => {
    try {
      await send(values);
    } catch (failure) {
      const refusal = refusalOf(failure);
      if (refusal.form) form.setError(FORM_MESSAGE, { message: refusal.form });
      Object.entries(refusal.fields ?? {}).forEach(([field, message], index) =>
        form.setError(field as FieldPath<Input>, { message }, { shouldFocus: index === 0 }),
      );
      return;
    }
    onSent(values);
  };
}
