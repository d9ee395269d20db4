import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { MfaSection } from './MfaSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import './account.css';

/** The signed-in person's own security: multi-factor authentication and where they are signed in. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const user = useSession()?.user;
  const setupRequired = user?.mfa_setup_required ?? false;
  // Only staff who manage documents hear of declines.
  const managesDocuments = user?.auths.includes('manage_documents') ?? false;
  return (
    <section className="account-page">
      <PageHeading>{t('title')}</PageHeading>
      <p>{t('intro')}</p>
      {setupRequired && (
        <p className="form-alert form-alert--error" role="alert">
          {t('mfa.requiredNotice')}
        </p>
      )}
      <MfaSection />
      <SessionsSection />
      {managesDocuments && <NotificationsSection />}
    </section>
  );
}
