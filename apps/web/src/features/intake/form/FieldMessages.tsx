import type { FieldState } from './use-field.ts';

export function FieldHint({ field }: { field: FieldState }) {
  if (!field.hint) return null;
  return (
    <span className="field__hint" id={field.hintId}>
      {field.hint}
    </span>
  );
}

export function FieldError({ field }: { field: FieldState }) {
  if (!field.error) return null;
  return (
    <p className="field__error" id={field.errorId}>
      {field.error}
    </p>
  );
}
