import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPRESENTATIVE_SIGNING_PERMISSION, type CaregiverGrant } from '@portal/protocol';
import { holdsPermission } from '../../../api/staff-pages.ts';
import { useSession } from '../../../api/use-session.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { GrantList, grantErrors, RevokeDialog } from '../../caregivers/grants/index.ts';
import { useChartCaregivers, useRepresentativeSigning, useRevokeChartGrant } from './chart-caregivers-api.ts';
import { RecordGrantDialog } from './RecordGrantDialog.tsx';

interface CaregiversPanelProps {
  patientId: string;
  /** Staff with manage_users record and revoke grants (only the scopes their permissions cover). */
  manages: boolean;
}

/** The chart's caregivers (decision 0023): who may act for this patient, by whose authority. */
export function CaregiversPanel({ patientId, manages }: CaregiversPanelProps) {
  const { t } = useTranslation('caregivers');
  const caregivers = useChartCaregivers(patientId);
  const signing = useRepresentativeSigning(patientId);
  const revoke = useRevokeChartGrant(patientId);
  // A clinical decision (decision 0023): the permission that grants signing, not manage_users.
  const decidesSigning = holdsPermission(useSession(), REPRESENTATIVE_SIGNING_PERMISSION);
  const [recording, setRecording] = useState(false);
  const [revoking, setRevoking] = useState<CaregiverGrant | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  // The choice shows in the same event as the click: the mutation's pending state reaches React a
  // tick later (TanStack Query batches its notifications), and a controlled checkbox whose value
  // did not change in its own event is put back. The server's answer then confirms it (or undoes it).
  const [chosen, setChosen] = useState<boolean | null>(null);

  const closeRevoke = () => {
    setRevoking(null);
    setError(null);
  };
  const confirmRevoke = (grant: CaregiverGrant) =>
    revoke.mutate(grant.id, {
      onSuccess: () => {
        closeRevoke();
        setSaid(t('revoke.done', { name: grant.caregiver_name ?? grant.caregiver_email }));
      },
      onError: (failure) => setError(grantErrors(failure).form ?? 'errors.generic'),
    });
  const setSigning = (allowed: boolean) => {
    setChosen(allowed);
    signing.mutate(allowed, {
      onSuccess: () => setSaid(''),
      onError: (failure) => setSaid(t(grantErrors(failure).form ?? 'errors.generic')),
      onSettled: () => setChosen(null),
    });
  };

  const data = caregivers.data;
  return (
    <section className="card chart-section caregivers" aria-labelledby="chart-caregivers">
      <h3 id="chart-caregivers">{t('chart.title')}</h3>
      <p className="field__hint">{t('chart.intro')}</p>
      {caregivers.isPending && <p>{t('loading')}</p>}
      {caregivers.isError && <p role="alert">{t(grantErrors(caregivers.error).form ?? 'errors.generic')}</p>}
      <p role="status" className="caregivers__done">
        {said}
      </p>
      {data && (
        <>
          {decidesSigning ? (
            <Checkbox
              label={t('chart.signing')}
              hint={t('chart.signingHint')}
              checked={chosen ?? data.representative_signing_allowed}
              disabled={signing.isPending}
              onChange={(event) => setSigning(event.target.checked)}
            />
          ) : (
            <p>
              {t('chart.signing')}: {t(data.representative_signing_allowed ? 'chart.on' : 'chart.off')}
            </p>
          )}
          <GrantList
            grants={data.grants}
            onRevoke={manages ? setRevoking : undefined}
            empty={t('chart.none')}
          />
          {manages && (
            <button type="button" className="button button--secondary" onClick={() => setRecording(true)}>
              {t('chart.record')}
            </button>
          )}
          {recording && (
            <RecordGrantDialog
              patientId={patientId}
              signingAllowed={data.representative_signing_allowed}
              onDone={() => {
                setRecording(false);
                setSaid(t('chart.recorded'));
              }}
              onCancel={() => setRecording(false)}
            />
          )}
        </>
      )}
      {revoking && (
        <RevokeDialog
          grant={revoking}
          body={t('chart.revokeBody')}
          busy={revoke.isPending}
          error={error}
          onConfirm={() => confirmRevoke(revoking)}
          onCancel={closeRevoke}
        />
      )}
    </section>
  );
}
