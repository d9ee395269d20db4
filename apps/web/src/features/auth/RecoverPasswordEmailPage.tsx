import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { MailIcon } from './StatusIcons.tsx';

function emailFrom(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

/** spec §2 recover-password-email: "check your e-mail". The wording never confirms an account exists. */
export default function RecoverPasswordEmailPage() {
  const { t } = useTranslation('auth');
  const email = emailFrom(useLocation().state);
  return (
    <div className="auth-status">
      <MailIcon />
      <PageHeading>{t('recoverEmail.title')}</PageHeading>
      <p>{email ? t('recoverEmail.body', { email }) : t('recoverEmail.bodyNoEmail')}</p>
      <p>{t('recoverEmail.spam')}</p>
      <div className="auth-links">
        <Link to="/auth/recover-password">{t('recoverEmail.again')}</Link>
        <Link to="/auth/login">{t('recoverEmail.backToLogin')}</Link>
      </div>
    </div>
  );
}
