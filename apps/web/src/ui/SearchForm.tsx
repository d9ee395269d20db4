import { useId } from 'react';
import { z } from 'zod';
import { Form } from './form/Form.tsx';
import { useZodForm } from './form/use-zod-form.ts';

/** Every list's `q` is trimmed by the protocol; an empty search is no search. */
const searchSchema = z.object({ q: z.string().trim() });

interface SearchFormProps {
  label: string;
  submitLabel: string;
  hint?: string;
  /** The search in force (from the address), shown until the person types another. */
  initial: string;
  /** The trimmed text, or undefined for an empty search. */
  onSearch: (q: string | undefined) => void;
}

/** A toolbar's search: submitted, so every keystroke is not a query. */
export function SearchForm({ label, submitLabel, hint, initial, onSearch }: SearchFormProps) {
  const form = useZodForm(searchSchema, { defaultValues: { q: initial } });
  const searchId = useId();
  const hintId = `${searchId}-hint`;
  return (
    <Form
      form={form}
      ns="common"
      role="search"
      className="admin-toolbar__search"
      onValid={({ q }) => onSearch(q || undefined)}
    >
      <label htmlFor={searchId} className="field__label">
        {label}
      </label>
      <div className="admin-toolbar__search-row">
        <input
          id={searchId}
          type="search"
          className="field__input"
          aria-describedby={hint ? hintId : undefined}
          {...form.register('q')}
        />
        <button type="submit" className="button button--secondary">
          {submitLabel}
        </button>
      </div>
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
    </Form>
  );
}
