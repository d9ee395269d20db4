import { useEffect, useState, type ReactNode } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthorityKind, RELATIONSHIP_MAX_LENGTH, type CaregiverScope } from '@portal/protocol';
import { Form } from '../../../ui/form/Form.tsx';
import { FormSelectField } from '../../../ui/form/FormSelectField.tsx';
import { FormSubmitAlert } from '../../../ui/form/FormSubmitAlert.tsx';
import { FormTextField } from '../../../ui/form/FormTextField.tsx';
import { useFieldMessage } from '../../../ui/form/use-field-message.ts';
import { submitToServer } from '../../../ui/form/submit-to-server.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import { grantErrors, type GrantField } from './grant-errors.ts';
import { grantForm, grantMessage, type GrantFormInput, type GrantFormValue } from './grant-form.ts';
import { emptyTerms, endsOnRange } from './grant-terms.ts';
import { ScopeFields } from './ScopeFields.tsx';

interface GrantFormProps {
  signingAllowed: boolean;
  /** The scopes this person may grant (staff on the chart); every scope when absent. */
  offered?: readonly CaregiverScope[];
  /** Today as this device sees it; the server judges the end date against the clinic's. */
  today: Date;
  /** Staff attach the document that gives the authority (a guardian, an attorney). */
  withAuthority?: boolean;
  /** What the form says above its fields. */
  intro: ReactNode;
  submitLabel: string;
  /** Beside the submit button, in a dialog's actions. */
  onCancel?: () => void;
  /** Sends the grant; a rejection is the server's refusal, shown at its fields. */
  send: (grant: GrantFormValue) => Promise<unknown>;
  /** After the grant was sent: the form is empty again. */
  onSent?: (grant: GrantFormValue) => void;
  /** Opened by the person's asking for it: they continue in its first field. */
  focusOnOpen?: boolean;
  className: string;
  'aria-labelledby'?: string;
  children?: ReactNode;
}

/** Where a refusal at a wire field shows in the form (an invitation's token is never refused here). */
const formField = (field: Exclude<GrantField, 'token'>) =>
  field === 'authority_pdf' || field === 'authority_file_name' ? 'authority_file' : field;

/** A grant's terms (e-mail, relationship, what they may do, until when): the patient's invitation and the chart's recorded grant. */
export function GrantForm({
  signingAllowed,
  offered,
  today,
  withAuthority = false,
  intro,
  submitLabel,
  onCancel,
  send,
  onSent,
  focusOnOpen = false,
  children,
  ...attributes
}: GrantFormProps) {
  const { t } = useTranslation('caregivers');
  const [schema] = useState(() => grantForm(today, withAuthority));
  const blank = (): GrantFormInput => ({
    ...emptyTerms(today),
    ...(withAuthority && { authority_kind: 'power_of_attorney' }),
  });
  const form = useZodForm(schema, {
    defaultValues: blank(),
    messageOf: grantMessage,
  });
  const range = endsOnRange(today);

  useEffect(() => {
    if (focusOnOpen) form.setFocus('email');
  }, [focusOnOpen, form]);

  const submit = submitToServer(form, {
    send,
    refusalOf: (failure) => {
      const refused = grantErrors(failure);
      const fields = Object.entries(refused.fields).map(([field, key]) => [
        formField(field as Exclude<GrantField, 'token'>),
        key,
      ]);
      return { form: refused.form, fields: Object.fromEntries(fields) };
    },
    onSent: (grant) => {
      form.reset(blank());
      onSent?.(grant);
    },
  });

  return (
    <Form form={form} ns="caregivers" onValid={submit} {...attributes}>
      {intro}
      <FormSubmitAlert />
      <FormTextField name="email" label={t('form.email')} type="email" autoComplete="off" required />
      <FormTextField
        name="relationship"
        label={t('form.relationship')}
        hint={t('form.relationshipHint')}
        maxLength={RELATIONSHIP_MAX_LENGTH}
        required
      />
      <FormScopeFields signingAllowed={signingAllowed} offered={offered} />
      <FormTextField
        name="ends_on"
        label={t('form.endsOn')}
        hint={t('form.endsOnHint')}
        type="date"
        min={range.min}
        max={range.max}
        required
      />
      {withAuthority && <AuthorityFields />}
      {children}
      <SubmitRow label={submitLabel} onCancel={onCancel} />
    </Form>
  );
}

/** The scope choice bound to the form; a refusal focuses its first box. */
function FormScopeFields({
  signingAllowed,
  offered,
}: {
  signingAllowed: boolean;
  offered?: readonly CaregiverScope[];
}) {
  const { field } = useController<Record<string, CaregiverScope[]>>({ name: 'scopes' });
  const error = useFieldMessage('scopes');
  return (
    <div ref={(element) => field.ref({ focus: () => element?.querySelector('input')?.focus() })}>
      <ScopeFields
        value={field.value}
        onChange={field.onChange}
        signingAllowed={signingAllowed}
        offered={offered}
        error={error}
      />
    </div>
  );
}

/** The kind of authority and its document, a PDF. */
function AuthorityFields() {
  const { t } = useTranslation('caregivers');
  const { field } = useController<Record<string, File | undefined>>({ name: 'authority_file' });
  const { ref, onChange } = field;
  const fileError = useFieldMessage('authority_file');
  return (
    <>
      <FormSelectField
        name="authority_kind"
        label={t('chart.authorityKind')}
        options={AuthorityKind.options.map((value) => ({ value, label: t(`authority.${value}`) }))}
      />
      <div className="field">
        <label className="field__label" htmlFor="record-grant-file">
          {t('chart.authorityFile')}
        </label>
        <span className="field__hint" id="record-grant-file-hint">
          {t('chart.authorityFileHint')}
        </span>
        <input
          id="record-grant-file"
          ref={ref}
          name="authority_file"
          className="field__input"
          type="file"
          accept="application/pdf"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={
            fileError ? 'record-grant-file-hint record-grant-file-error' : 'record-grant-file-hint'
          }
          onChange={(event) => onChange(event.target.files?.[0])}
        />
        {fileError && (
          <p className="field__error" id="record-grant-file-error">
            {fileError}
          </p>
        )}
      </div>
    </>
  );
}

function SubmitRow({ label, onCancel }: { label: string; onCancel?: () => void }) {
  const { t } = useTranslation('caregivers');
  const { isSubmitting } = useFormState();
  const submit = (
    <button type="submit" className="button button--primary" disabled={isSubmitting}>
      {isSubmitting ? t('working') : label}
    </button>
  );
  if (!onCancel) return submit;
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('chart.cancel')}
      </button>
      {submit}
    </div>
  );
}
