import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaregiverGrant } from '@portal/protocol';
import { useCaregiversOverview } from '../../api/caregiver-grants.ts';
import { CaregiverActivityList } from './CaregiverActivityList.tsx';
import { useRevokeGrant } from './caregivers-api.ts';
import { grantErrors } from './grants/grant-errors.ts';
import { GrantList } from './grants/GrantList.tsx';
import { RevokeDialog } from './grants/RevokeDialog.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

// The form, its checks and the protocol's schemas load when the patient asks to invite someone:
// the account page opens without them.
const InviteForm = lazy(() => import('./InviteForm.tsx').then((module) => ({ default: module.InviteForm })));

/** The account page's caregivers (decision 0023): who may help with this record, and what they did. */
export function CaregiversSection() {
  const { t } = useTranslation('caregivers');
  const overview = useCaregiversOverview();
  const revoke = useRevokeGrant();
  const [revoking, setRevoking] = useState<CaregiverGrant | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState('');
  const [inviting, setInviting] = useState(false);

  const close = () => {
    setRevoking(null);
    setError(null);
  };
  const confirm = (grant: CaregiverGrant) =>
    revoke.mutate(grant.id, {
      onSuccess: () => {
        close();
        setRevoked(t('revoke.done', { name: grant.caregiver_name ?? grant.caregiver_email }));
      },
      onError: (failure) => setError(grantErrors(failure).form ?? 'errors.generic'),
    });

  return (
    <section className="card account-section caregivers" aria-labelledby="caregivers-title">
      <h2 id="caregivers-title" className="account-section__title">
        {t('title')}
      </h2>
      <p>{t('intro')}</p>
      {overview.isPending && <p role="status">{t('loading')}</p>}
      <FormAlert message={overview.isError && t('errors.generic')} />
      <p role="status" className="caregivers__done">
        {revoked}
      </p>
      {overview.data && (
        <>
          <h3>{t('list.title')}</h3>
          <GrantList
            grants={overview.data.given}
            onRevoke={setRevoking}
            empty={t('list.none')}
            explainClinicGrants
          />
          {inviting ? (
            <Suspense fallback={<p role="status">{t('loading')}</p>}>
              <InviteForm signingAllowed={overview.data.representative_signing_allowed} />
            </Suspense>
          ) : (
            <button type="button" className="button button--primary" onClick={() => setInviting(true)}>
              {t('invite.open')}
            </button>
          )}
        </>
      )}
      <CaregiverActivityList />
      {revoking && (
        <RevokeDialog
          grant={revoking}
          body={t('revoke.body')}
          busy={revoke.isPending}
          error={error}
          onConfirm={() => confirm(revoking)}
          onCancel={close}
        />
      )}
    </section>
  );
}
