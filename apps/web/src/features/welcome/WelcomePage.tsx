import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActingForGrant, CaregiverScope } from '@portal/protocol';
import { useActingFor, useCaregiversOverview } from '../../api/caregiver-grants.ts';
import { useSession } from '../../api/use-session.ts';
import { formatDate } from '../../i18n/format.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePainted } from '../../ui/use-painted.ts';
import { loadBfAdlCardStatus } from '../assessment/index.ts';
import { loadAwaitingSignatureCardStatus, loadReferenceCardStatus } from '../documents/index.ts';
import { loadIntakeCardStatus, loadIntakeReviewNotice } from '../intake/index.ts';
import { CaregiverHome } from './CaregiverHome.tsx';
import { EquipmentTasks, liveStatus } from './live-status.ts';
import './welcome.css';

interface TaskCard {
  id: 'intake' | 'referenceDocuments' | 'bfAdl' | 'awaitingSignature';
  /** Where the card leads; null while that screen does not exist yet. */
  path: string | null;
  status: 'status.notStarted' | 'status.nothingYet';
  /** A feature's own live status, shown instead of `status` once it has loaded. */
  LiveStatus?: ComponentType;
  icon: string;
  /** What a caregiver's grant must allow for the card to show (decision 0023). */
  scope: CaregiverScope;
}

const IntakeCardStatus = liveStatus('intake', loadIntakeCardStatus);
const IntakeReviewNotice = liveStatus('intake', loadIntakeReviewNotice);
const BfAdlCardStatus = liveStatus('assessment', loadBfAdlCardStatus);
const AwaitingSignatureCardStatus = liveStatus('documents', loadAwaitingSignatureCardStatus);
const ReferenceCardStatus = liveStatus('documents', loadReferenceCardStatus);

// A card whose feature reports progress shows it live; the others state honestly that
// nothing has started until their features land.
const CARDS: readonly TaskCard[] = [
  {
    id: 'intake',
    scope: 'view_intake',
    path: '/welcome/intake-form',
    status: 'status.notStarted',
    LiveStatus: IntakeCardStatus,
    icon: 'M7 4h10l3 3v13H7zM10 10h7M10 14h7M10 18h4',
  },
  {
    id: 'referenceDocuments',
    scope: 'view_documents',
    path: '/welcome/reference-documents',
    status: 'status.nothingYet',
    LiveStatus: ReferenceCardStatus,
    icon: 'M5 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H5zM23 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z',
  },
  {
    id: 'bfAdl',
    scope: 'view_assessments',
    path: '/welcome/bf-adl',
    status: 'status.notStarted',
    LiveStatus: BfAdlCardStatus,
    icon: 'M5 20V10M11 20V4M17 20v-7M23 20H3',
  },
  {
    id: 'awaitingSignature',
    scope: 'view_documents',
    path: '/welcome/documents',
    status: 'status.nothingYet',
    LiveStatus: AwaitingSignatureCardStatus,
    icon: 'M4 20c3-6 6-9 8-9s-1 7 2 7 3-4 5-4 2 2 3 2M4 23h20',
  },
];

/** Someone else's record: its heading and intro in the words of acting for someone (the `caregivers` namespace). */
function ActingForWelcome({ grant, date }: { grant: ActingForGrant; date: ReactNode }) {
  const { t } = useTranslation('caregivers');
  return (
    <>
      <PageHeading>{t('record.welcomeTitle', { name: grant.patient_name })}</PageHeading>
      {date}
      <p>{t('record.welcomeIntro', { name: grant.patient_name })}</p>
    </>
  );
}

export default function WelcomePage() {
  const { t, i18n } = useTranslation('welcome');
  const session = useSession();
  const acting = useActingFor();
  const overview = useCaregiversOverview();
  const name = session?.user.first_name;
  const cards = CARDS.filter((card) => acting.may(card.scope));
  const patientName = acting.grant?.patient_name;
  // The live statuses wait for the greeting and the cards to be on screen: their code, the
  // protocol schemas they parse with and their requests come after the page's first paint.
  const painted = usePainted();
  const date = (
    <p className="welcome__date">
      {t('today', { date: formatDate(new Date(), i18n.language, { dateStyle: 'full' }) })}
    </p>
  );
  // Decision 0032: an account that joined only to help has no tasks, only the people it helps.
  if (acting.patientId === null && overview.data?.is_patient === false) {
    return (
      <div className="welcome">
        <CaregiverHome name={name} received={overview.data.received} date={date} />
      </div>
    );
  }
  return (
    <div className="welcome">
      {acting.grant ? (
        <ActingForWelcome grant={acting.grant} date={date} />
      ) : (
        <>
          <PageHeading>{name ? t('greeting', { name }) : t('greetingNoName')}</PageHeading>
          {date}
          <p>{t('intro')}</p>
        </>
      )}
      {painted && acting.may('view_intake') && (
        <Suspense fallback={null}>
          <IntakeReviewNotice />
        </Suspense>
      )}
      {painted && acting.may('view_orders') && (
        <Suspense fallback={null}>
          <EquipmentTasks />
        </Suspense>
      )}
      <h2 className="visually-hidden">
        {patientName ? t('acting.cardsLabel', { name: patientName }) : t('cardsLabel')}
      </h2>
      <ul className="welcome__cards">
        {cards.map((card) => (
          <li key={card.id} className="card welcome-card">
            <svg className="welcome-card__icon" viewBox="0 0 28 28" aria-hidden="true">
              <path
                d={card.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
            <h3 className="welcome-card__title">{t(`cards.${card.id}.title`)}</h3>
            <p className="welcome-card__body">
              {patientName ? t(`acting.cards.${card.id}`, { name: patientName }) : t(`cards.${card.id}.body`)}
            </p>
            <p className="welcome-card__status">
              {card.LiveStatus && painted ? (
                <Suspense fallback={t(card.status)}>
                  <card.LiveStatus />
                </Suspense>
              ) : (
                t(card.status)
              )}
            </p>
            {card.path ? (
              <Link className="button button--secondary welcome-card__action" to={card.path}>
                {t('open')}
                <span className="visually-hidden">: {t(`cards.${card.id}.title`)}</span>
              </Link>
            ) : (
              <p className="welcome-card__soon">{t('notAvailable')}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
