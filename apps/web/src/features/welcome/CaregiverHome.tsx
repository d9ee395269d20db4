import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ActingForGrant } from '@portal/protocol';
import { openRecord } from '../../api/caregiver-grants.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';

interface CaregiverHomeProps {
  name: string | undefined;
  received: readonly ActingForGrant[];
  date: ReactNode;
}

/**
 * Decision 0032: the home of an account that joined only to help. It has no tasks of its own,
 * so it shows the people it helps, each a way into their record.
 */
export function CaregiverHome({ name, received, date }: CaregiverHomeProps) {
  const { t } = useTranslation('caregivers');
  const client = useQueryClient();
  const navigate = useNavigate();
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
        </>
      )}
    </>
  );
}
