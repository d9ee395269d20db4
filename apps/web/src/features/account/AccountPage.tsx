import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n/index.ts';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { MfaSection } from './MfaSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { loadCaregiversSection } from '../caregivers/index.ts';
import './account.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

// Patients only, and below the fold: its code and strings load with it, not with the page.
const CaregiversSection = lazy(() =>
  Promise.all([loadCaregiversSection(), i18next.loadNamespaces('caregivers')]).then(([component]) => ({
    default: component,
  })),
);

/** The signed-in person's own security (multi-factor authentication, where they are signed in) and, for a patient, their caregivers. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const user = useSession()?.user;
  const setupRequired = user?.mfa_setup_required ?? false;
  // Only staff who manage documents hear of declines.
  const managesDocuments = user?.auths.includes('manage_documents') ?? false;
  const patient = Boolean(user?.roles.includes('user') && !user.roles.includes('admin'));
  return (
    <section className="account-page">
      <PageHeading>{t('title')}</PageHeading>
      <p>{t('intro')}</p>
      <FormAlert message={setupRequired && t('mfa.requiredNotice')} />
      <MfaSection />
      <SessionsSection />
      {managesDocuments && <NotificationsSection />}
      {patient && (
        <Suspense fallback={null}>
          <CaregiversSection />
        </Suspense>
      )}
    </section>
  );
}
