import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { accountErrorKey } from './account-errors.ts';
import { useSetStaffNotifications, useStaffNotifications } from './account-api.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/**
 * Staff who manage documents choose whether a patient's decline also reaches them by e-mail
 * as well; the notice in the clinic inbox comes either way. The mail names no patient.
 */
export function NotificationsSection() {
  const { t } = useTranslation('account');
  const choice = useStaffNotifications(true);
  const save = useSetStaffNotifications();
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="card account-section" aria-labelledby="account-notifications-title">
      <h2 id="account-notifications-title" className="account-section__title">
        {t('notifications.title')}
      </h2>
      {choice.data && (
        <Checkbox
          label={t('notifications.documentDeclined')}
          hint={t('notifications.documentDeclinedHint')}
          checked={choice.data.document_declined}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { document_declined: event.target.checked },
              { onSuccess: () => setError(null), onError: (failure) => setError(accountErrorKey(failure)) },
            )
          }
        />
      )}
      <FormAlert message={error && t(error)} />
    </section>
  );
}
