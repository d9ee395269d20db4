import { Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ActingForGrant } from '@portal/protocol';
import { openRecord } from '../../api/caregiver-grants.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePainted } from '../../ui/use-painted.ts';
import { EquipmentTasks } from './live-status.ts';

interface CaregiverHomeProps {
  name: string | undefined;
  received: readonly ActingForGrant[];
  date: ReactNode;
}

/**
 * Decision 0032: the home of an account that joined only to help. It has no tasks of its own,
 * so it shows the people it helps, each a way into their record, and the equipment tasks of those
 * whose orders it may see (after the first paint, as the welcome page's live parts).
 */
export function CaregiverHome({ name, received, date }: CaregiverHomeProps) {
  const { t } = useTranslation('caregivers');
  const client = useQueryClient();
  const navigate = useNavigate();
  const painted = usePainted();
  const open = (patientId: string) => {
    openRecord(client, patientId);
    void navigate('/welcome');
  };
  return (
    <>
      <PageHeading>{name ? t('home.greeting', { name }) : t('home.greetingNoName')}</PageHeading>
      {date}
      <p>{received.length > 0 ? t('home.intro') : t('home.none')}</p>
      {received.length > 0 && (
        <>
          <h2 className="visually-hidden">{t('home.cardsLabel')}</h2>
          <ul className="welcome__cards">
            {received.map((grant) => (
              <li key={grant.patient_id} className="card welcome-card">
                <h3 className="welcome-card__title">{grant.patient_name}</h3>
                <p className="welcome-card__body">
                  {t('home.relationship', { relationship: grant.relationship })}
                </p>
                <button
                  type="button"
                  className="button button--secondary welcome-card__action"
                  onClick={() => open(grant.patient_id)}
                >
                  {t('home.open')}
                  <span className="visually-hidden">: {grant.patient_name}</span>
                </button>
              </li>
            ))}
          </ul>
          {painted &&
            received
              .filter((grant) => grant.scopes.includes('view_orders'))
              .map((grant) => (
                <Suspense key={grant.patient_id} fallback={null}>
                  <EquipmentTasks
                    helped={{
                      patientId: grant.patient_id,
                      name: grant.patient_name,
                      mayAct: grant.scopes.includes('act_on_orders'),
                    }}
                  />
                </Suspense>
              ))}
        </>
      )}
    </>
  );
}
