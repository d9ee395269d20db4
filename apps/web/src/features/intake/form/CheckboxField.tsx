import type { AnySpec, FieldPath } from '../../../ui/intake-record/field-spec.ts';
import { FieldError } from './FieldMessages.tsx';
import { useField } from './use-field.ts';

type CheckboxSpec = Extract<AnySpec, { kind: 'checkbox' }>;

export function CheckboxField({ spec, path, scope }: { spec: CheckboxSpec; path: FieldPath; scope: string }) {
  const field = useField(spec, path, scope);
  return (
    <div className="checkbox-field intake-field">
      <div className="checkbox">
        <input
          id={field.id}
          type="checkbox"
          checked={field.value === true}
          onChange={(event) => field.set(event.target.checked)}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.describedBy}
        />
        <span>
          <label htmlFor={field.id}>{field.label}</label>
          {field.hint && (
            <span className="field__hint checkbox__hint" id={field.hintId}>
              {field.hint}
            </span>
          )}
        </span>
      </div>
      <FieldError field={field} />
    </div>
  );
}
