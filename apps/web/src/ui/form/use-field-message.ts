import { useTranslation } from 'react-i18next';
import { useFormContext, useFormState } from 'react-hook-form';
import { useFormNamespace } from './Form.tsx';
import { decodeMessage } from './issue-message.ts';

/** The words of a field's current error, in the form's namespace; undefined when it is fine. */
export function useFieldMessage(name: string): string | undefined {
  const { t } = useTranslation(useFormNamespace());
  const { control, getFieldState } = useFormContext();
  const state = useFormState({ control, name });
  const message = getFieldState(name, state).error?.message;
  if (!message) return undefined;
  const { key, values } = decodeMessage(message);
  return t(key, values);
}
