import { useId, useState, type FormEvent } from 'react';

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
  const [text, setText] = useState(initial);
  const searchId = useId();
  const hintId = `${searchId}-hint`;
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" className="admin-toolbar__search" onSubmit={search}>
      <label htmlFor={searchId} className="field__label">
        {label}
      </label>
      <div className="admin-toolbar__search-row">
        <input
          id={searchId}
          type="search"
          name="q"
          className="field__input"
          value={text}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => setText(e.target.value)}
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
    </form>
  );
}
