import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes, type PatientDocument } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { RejectForm } from './RejectForm.tsx';
import { SignaturePad } from './SignaturePad.tsx';
import { useActOnDocument, useSigningSession } from './use-documents.ts';

type Method = 'draw' | 'type';
type Problem = 'consent' | 'drawn' | 'typed' | 'conflict' | 'generic';

function problemOf(error: unknown): Problem {
  return error instanceof ApiError && error.code === Codes.conflict ? 'conflict' : 'generic';
}

/** spec §4 signing flow: read, consent, drawn or typed signature, confirm; or decline with a reason. */
export function SigningPanel({ document: doc }: { document: PatientDocument }) {
  const { t } = useTranslation('documents');
  const session = useSigningSession(doc.id, true);
  const act = useActOnDocument();
  const [method, setMethod] = useState<Method>('draw');
  const [consent, setConsent] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const headingId = useId();
  const padHintId = useId();
  const action = doc.actions.includes('submit') ? 'submit' : 'sign';
  // Decision 0023: a caregiver signs in their own name, for the patient whose record is open.
  const representing = useActingFor().grant?.patient_name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Problem | null = !consent
      ? 'consent'
      : method === 'draw' && !drawn
        ? 'drawn'
        : method === 'type' && !typed.trim()
          ? 'typed'
          : null;
    setProblem(missing);
    if (missing) return;
    const signature =
      method === 'draw'
        ? { kind: 'drawn' as const, png_base64: drawn! }
        : { kind: 'typed' as const, text: typed };
    act.mutate(
      // The edition the patient was shown: the server signs that one, or refuses if it is gone.
      { id: doc.id, action, language: doc.language, consent: true, signature },
      { onError: (error) => setProblem(problemOf(error)) },
    );
  };

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
      <form onSubmit={submit} noValidate>
        <fieldset className="signing-panel__methods">
          <legend>{t('sign.method')}</legend>
          {(['draw', 'type'] as const).map((value) => (
            <label key={value} className="signing-panel__method">
              <input
                type="radio"
                name="signature-method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
              />
              {t(value === 'draw' ? 'sign.draw' : 'sign.type')}
            </label>
          ))}
        </fieldset>
        {method === 'draw' ? (
          <>
            <p id={padHintId} className="field__hint">
              {t('sign.pad')}
            </p>
            <SignaturePad onChange={setDrawn} describedBy={padHintId} />
          </>
        ) : (
          <TextField
            label={t('sign.typed')}
            hint={t('sign.typedHint')}
            name="typed-signature"
            autoComplete="name"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            error={problem === 'typed' ? t('sign.errors.typed') : undefined}
          />
        )}
        {problem === 'drawn' && <p className="field__error">{t('sign.errors.drawn')}</p>}
        <Checkbox
          name="consent"
          label={session.data?.consent_text ?? ''}
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          error={problem === 'consent' ? t('sign.errors.consent') : undefined}
        />
        {(problem === 'conflict' || problem === 'generic') && (
          <p className="form-alert form-alert--error" role="alert">
            {t(`sign.errors.${problem}`)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={act.isPending || !session.data}>
          {act.isPending ? t('sign.working') : t(action === 'submit' ? 'sign.confirmSubmit' : 'sign.confirm')}
        </button>
      </form>
      {doc.actions.includes('reject') && <RejectForm id={doc.id} />}
    </section>
  );
}
