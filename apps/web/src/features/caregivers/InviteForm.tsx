import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrantForm } from './grants/GrantForm.tsx';
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
  const [sent, setSent] = useState<string | null>(null);
  return (
    <>
      <GrantForm
        className="invite-form"
        aria-labelledby="invite-title"
        signingAllowed={signingAllowed}
        today={today}
        focusOnOpen
        intro={
          <>
            <h3 id="invite-title">{t('invite.title')}</h3>
            <p className="field__hint">{t('invite.intro')}</p>
          </>
        }
        submitLabel={t('invite.submit')}
        send={(grant) => {
          setSent(null);
          return invite.mutateAsync(grant);
        }}
        onSent={(grant) => setSent(grant.email)}
      />
      <p role="status" className="invite-form__sent">
        {sent ? t('invite.sent', { email: sent }) : ''}
      </p>
    </>
  );
}
