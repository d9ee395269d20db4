import { FormAlert } from './FormAlert.tsx';
import { FORM_MESSAGE } from './submit-to-server.ts';
import { useFieldMessage } from './use-field-message.ts';

/** The form's own message (see `submitToServer`), in the form's namespace. */
export function FormSubmitAlert() {
  return <FormAlert message={useFieldMessage(FORM_MESSAGE)} />;
}
