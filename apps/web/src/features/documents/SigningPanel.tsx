import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Codes, signDocumentRequest, type PatientDocument } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormCheckbox } from '../../ui/form/FormCheckbox.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import type { Issue } from '../../ui/form/issue-message.ts';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { SignaturePad } from '../../ui/SignaturePad.tsx';
import { RejectForm } from './RejectForm.tsx';
import { useActOnDocument, useSigningSession } from './use-documents.ts';

const signingForm = signDocumentRequest.pick({ signature: true, consent: true });

/** The panel's words for what the signing schema refuses, by the field it names. */
const MESSAGE_OF_FIELD: Partial<Record<string, string>> = {
  consent: 'sign.errors.consent',
  'signature.png_base64': 'sign.errors.drawn',
  'signature.text': 'sign.errors.typed',
};
const messageOf = (issue: Issue) => {
  const key = MESSAGE_OF_FIELD[issue.path?.join('.') ?? ''];
  return key ? { key } : undefined;
};

const METHODS = [
  { kind: 'drawn', label: 'sign.draw' },
  { kind: 'typed', label: 'sign.type' },
] as const;

const failureOf = (error: unknown) =>
  error instanceof ApiError && error.code === Codes.conflict ? 'sign.errors.conflict' : 'sign.errors.generic';

/** The signature pad, bound to the form's drawn signature and its error. */
function DrawnSignature({ describedBy }: { describedBy: string }) {
  const { setValue, formState } = useFormContext<z.input<typeof signingForm>>();
  const error = useFieldMessage('signature.png_base64');
  return (
    <>
      <SignaturePad
        onChange={(png) =>
          setValue('signature.png_base64', png ?? '', { shouldValidate: formState.isSubmitted })
        }
        describedBy={describedBy}
      />
      {error && <p className="field__error">{error}</p>}
    </>
  );
}

/** spec §4 signing flow: read, consent, drawn or typed signature, confirm; or decline with a reason. */
export function SigningPanel({ document: doc }: { document: PatientDocument }) {
  const { t } = useTranslation('documents');
  const session = useSigningSession(doc.id, true);
  const act = useActOnDocument();
  const form = useZodForm(signingForm, { defaultValues: { signature: { kind: 'drawn' } }, messageOf });
  const method = form.watch('signature.kind');
  const headingId = useId();
  const padHintId = useId();
  const action = doc.actions.includes('submit') ? 'submit' : 'sign';
  // Decision 0023: a caregiver signs in their own name, for the patient whose record is open.
  const representing = useActingFor().grant?.patient_name;

  return (
    <section className="card signing-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(action === 'submit' ? 'sign.submitHeading' : 'sign.heading')}</h2>
      <p>{t('sign.readFirst')}</p>
      {session.data && (
        <p className="signing-panel__signer">{t('sign.signerIs', { name: session.data.signer_name })}</p>
      )}
      {representing && (
        <p className="signing-panel__signer" data-testid="representative-note">
          {t('sign.asRepresentative', { patient: representing })}
        </p>
      )}
      <Form
        form={form}
        ns="documents"
        onValid={(value) =>
          // The edition the patient was shown: the server signs that one, or refuses if it is gone.
          act.mutate({ id: doc.id, action, language: doc.language, ...value })
        }
      >
        <fieldset className="signing-panel__methods">
          <legend>{t('sign.method')}</legend>
          {METHODS.map(({ kind, label }) => (
            <label key={kind} className="signing-panel__method">
              <input type="radio" value={kind} {...form.register('signature.kind')} />
              {t(label)}
            </label>
          ))}
        </fieldset>
        {method === 'drawn' ? (
          <>
            <p id={padHintId} className="field__hint">
              {t('sign.pad')}
            </p>
            <DrawnSignature describedBy={padHintId} />
          </>
        ) : (
          <FormTextField
            name="signature.text"
            label={t('sign.typed')}
            hint={t('sign.typedHint')}
            autoComplete="name"
            maxLength={100}
          />
        )}
        <FormCheckbox name="consent" label={session.data?.consent_text ?? ''} />
        <FormAlert message={act.error ? t(failureOf(act.error)) : null} />
        <button type="submit" className="button button--primary" disabled={act.isPending || !session.data}>
          {act.isPending ? t('sign.working') : t(action === 'submit' ? 'sign.confirmSubmit' : 'sign.confirm')}
        </button>
      </Form>
      {doc.actions.includes('reject') && <RejectForm id={doc.id} />}
    </section>
  );
}
