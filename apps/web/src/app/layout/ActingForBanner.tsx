import { useTranslation } from 'react-i18next';
import type { ActingForGrant } from '@portal/protocol';
import { PageHeading } from '../../ui/PageHeading.tsx';

/** Decision 0023: on every page of someone else's record, whose it is. */
export function ActingForBanner({ grant }: { grant: ActingForGrant }) {
  const { t } = useTranslation('layout');
  return (
    <p className="acting-banner" data-testid="acting-for-banner">
      {t('record.banner', { name: grant.patient_name })}
    </p>
  );
}

/** A page of the record the grant does not open: said plainly, not as an error. */
export function NotOpenedByGrant({ grant }: { grant: ActingForGrant }) {
  const { t } = useTranslation('layout');
  return (
    <section className="acting-blocked">
      <PageHeading>{t('record.blockedTitle')}</PageHeading>
      <p>{t('record.blockedBody', { name: grant.patient_name })}</p>
    </section>
  );
}
