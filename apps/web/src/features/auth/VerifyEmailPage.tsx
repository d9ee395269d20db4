import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SuccessIcon, WarningIcon } from './StatusIcons.tsx';
import { useVerifyEmail } from './use-auth-mutations.ts';

/** The landing of the confirmation link: /auth/verify-email?token=… */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single-use: StrictMode's second effect run must not spend it twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token || verify.isError) {
    return (
      <div className="auth-status">
        <WarningIcon />
        <PageHeading>{t('verify.failureTitle')}</PageHeading>
        <p>{token ? t('verify.failureBody') : t('verify.missingToken')}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('verify.goToLogin')}
        </Link>
      </div>
    );
  }
  if (verify.isSuccess) {
    return (
      <div className="auth-status">
        <SuccessIcon />
        <PageHeading>{t('verify.successTitle')}</PageHeading>
        <p>{t('verify.successBody')}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('verify.goToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-status" aria-busy="true">
      <PageHeading>{t('verify.title')}</PageHeading>
      <p>{t('verify.checking')}</p>
    </div>
  );
}
