import { createContext, useContext, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  FormProvider,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

const NamespaceContext = createContext('common');

/** The i18n namespace a form's field messages are written in. */
export const useFormNamespace = () => useContext(NamespaceContext);

interface FormProps<Input extends FieldValues, Output> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid' | 'children'
> {
  form: UseFormReturn<Input, unknown, Output>;
  /** The i18n namespace of the form's `errors.*` keys. */
  ns: string;
  onValid: SubmitHandler<Output>;
  onInvalid?: SubmitErrorHandler<Input>;
  children: ReactNode;
}

/** A `<form>` whose fields read their values and errors from `form` (see `useZodForm`). */
export function Form<Input extends FieldValues, Output>({
  form,
  ns,
  onValid,
  onInvalid,
  children,
  ...attributes
}: FormProps<Input, Output>) {
  return (
    <FormProvider {...form}>
      <NamespaceContext.Provider value={ns}>
        <form {...attributes} noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
          {children}
        </form>
      </NamespaceContext.Provider>
    </FormProvider>
  );
}
