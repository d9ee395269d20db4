import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { OrderCard } from './OrderCard.tsx';
import { PAST_STATUSES } from './order-words.ts';
import { useMyEquipment } from './use-equipment.ts';
import './equipment.css';

/** "My equipment": every order with where it stands; finished ones folded away under "Past orders". */
export default function EquipmentPage() {
  const { t } = useTranslation('equipment');
  const acting = useActingFor();
  const equipment = useMyEquipment();
  const { hash } = useLocation();
  const name = acting.grant?.patient_name;
  const orders = equipment.data?.orders ?? [];
  const current = orders.filter((order) => !PAST_STATUSES.includes(order.status));
  const past = orders.filter((order) => PAST_STATUSES.includes(order.status));

  // A task's link names its order (`#order-…`): once the orders are on screen, that card takes focus.
  const loaded = equipment.isSuccess;
  useEffect(() => {
    if (!loaded || !hash) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    card?.scrollIntoView({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [loaded, hash]);

  return (
    <div className="equipment">
      <PageHeading>{name ? t('acting.title', { name }) : t('title')}</PageHeading>
      <p>{name ? t('acting.intro', { name }) : t('intro')}</p>
      {equipment.isError && (
        <FormAlert message={name ? t('acting.loadError', { name }) : t('loadError')}>
          <button type="button" className="button button--secondary" onClick={() => void equipment.refetch()}>
            {t('retry')}
          </button>
        </FormAlert>
      )}
      {equipment.isSuccess && orders.length === 0 && <p>{name ? t('acting.empty', { name }) : t('empty')}</p>}
      <div className="equipment__orders">
        {current.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </div>
      {past.length > 0 && (
        <details className="equipment__past">
          <summary>{t('past', { count: past.length })}</summary>
          <div className="equipment__orders">
            {past.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}
