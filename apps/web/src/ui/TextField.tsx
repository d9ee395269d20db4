import type { ComponentPropsWithRef } from 'react';
import { FieldFrame } from './FieldFrame.tsx';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} className="field__input" />}
    </FieldFrame>
  );
}
