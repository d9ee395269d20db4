import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstRefused } from './grants/focus-invalid.ts';
import { grantErrors, NO_ERRORS, type GrantErrors } from './grants/grant-errors.ts';
import { checkTerms, emptyTerms, hasErrors, type GrantTerms } from './grants/grant-terms.ts';
import { GrantTermsFields } from './grants/GrantTermsFields.tsx';
import { useInviteCaregiver } from './caregivers-api.ts';

interface InviteFormProps {
  signingAllowed: boolean;
  /** Today as this device sees it; the server judges the end date against the clinic's. */
  today?: Date;
}

/** The patient invites someone by e-mail to help with their record. */
export function InviteForm({ signingAllowed, today = new Date() }: InviteFormProps) {
  const { t } = useTranslation('caregivers');
  const invite = useInviteCaregiver();
  const form = useRef<HTMLFormElement>(null);
  const [terms, setTerms] = useState<GrantTerms>(() => emptyTerms(today));
  const [errors, setErrors] = useState<GrantErrors>(NO_ERRORS);
  const [sent, setSent] = useState<string | null>(null);

  // Opened by the person's asking for it: they continue in its first field.
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const refuse = (found: GrantErrors) => {
    setErrors(found);
    focusFirstRefused(form.current);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const found = checkTerms(terms, today);
    if (hasErrors(found)) return refuse(found);
    setErrors(NO_ERRORS);
    invite.mutate(terms, {
      onSuccess: () => {
        setSent(terms.email.trim());
        setTerms(emptyTerms(today));
      },
      onError: (failure) => refuse(grantErrors(failure)),
    });
  };

  return (
    <form ref={form} className="invite-form" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h3 id="invite-title">{t('invite.title')}</h3>
      <p className="field__hint">{t('invite.intro')}</p>
      {errors.form && (
        <p className="form-alert form-alert--error" role="alert">
          {t(errors.form)}
        </p>
      )}
      <GrantTermsFields
        value={terms}
        onChange={setTerms}
        errors={errors.fields}
        signingAllowed={signingAllowed}
        today={today}
      />
      <button type="submit" className="button button--primary" disabled={invite.isPending}>
        {invite.isPending ? t('working') : t('invite.submit')}
      </button>
      <p role="status" className="invite-form__sent">
        {sent ? t('invite.sent', { email: sent }) : ''}
      </p>
    </form>
  );
}
