import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActingForGrant } from '@portal/protocol';
import { openRecord } from '../../api/caregiver-grants.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';

/**
 * Decision 0023: on every page of someone else's record, whose it is. The words of acting for
 * someone are the `caregivers` namespace's, loaded only by those who do: not with every first load.
 */
export function ActingForBanner({ grant }: { grant: ActingForGrant }) {
  const { t } = useTranslation('caregivers');
  return (
    <p className="acting-banner" data-testid="acting-for-banner">
      {t('record.banner', { name: grant.patient_name })}
    </p>
  );
}

/** A page of the record the grant does not open: said plainly, not as an error. */
export function NotOpenedByGrant({ grant }: { grant: ActingForGrant }) {
  const { t } = useTranslation('caregivers');
  return (
    <section className="acting-blocked">
      <PageHeading>{t('record.blockedTitle')}</PageHeading>
      <p>{t('record.blockedBody', { name: grant.patient_name })}</p>
    </section>
  );
}

interface GrantsUnavailableProps {
  onRetry: () => void;
  retrying: boolean;
  /** False for a caregiver-only account: its way back leads to the people it helps (decision 0032). */
  hasOwnRecord: boolean;
}

/**
 * The grants could not be read while another record is open: without them no page of that record
 * can be judged, so say so, offer to try again, and a way back to one's own record.
 */
export function GrantsUnavailable({ onRetry, retrying, hasOwnRecord }: GrantsUnavailableProps) {
  const { t } = useTranslation('caregivers');
  const client = useQueryClient();
  const navigate = useNavigate();
  const backToOwn = () => {
    openRecord(client, null);
    void navigate('/', { replace: true });
  };
  return (
    <section className="acting-blocked">
      <PageHeading>{t('record.unavailableTitle')}</PageHeading>
      <p role="alert">{hasOwnRecord ? t('record.unavailableBody') : t('record.unavailableBodyHome')}</p>
      <div className="acting-blocked__actions">
        <button type="button" className="button button--primary" disabled={retrying} onClick={onRetry}>
          {t('record.retry')}
        </button>
        <button type="button" className="button button--secondary" onClick={backToOwn}>
          {hasOwnRecord ? t('record.backToOwn') : t('record.backHome')}
        </button>
      </div>
    </section>
  );
}
