import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { accountErrorKey } from './account-errors.ts';
import { useStartMfa } from './account-api.ts';

// Shown once the secret is there: the form library and the protocol's schemas load with it.
const MfaConfirmForm = lazy(() => import('./MfaConfirmForm.tsx'));

/** The key in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Scan (or type) the secret, prove it with one code, then keep the recovery codes. */
export function MfaSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('account');
  const start = useStartMfa();

  if (!start.data) {
    return (
      <>
        <p className="account-status">
          <span className="account-badge">{t('mfa.off')}</span>
        </p>
        <FormAlert message={start.isError ? t(accountErrorKey(start.error) ?? 'errors.generic') : null} />
        <button
          type="button"
          className="button button--primary"
          onClick={() => start.mutate()}
          disabled={start.isPending}
        >
          {start.isPending ? t('working') : t('mfa.enable')}
        </button>
      </>
    );
  }

  return (
    <div className="account-setup">
      <ol className="account-steps">
        <li>{t('mfa.step1')}</li>
        <li>
          {t('mfa.step2')}
          <div className="account-qr">
            <img src={start.data.qr_svg} alt={t('mfa.qrAlt')} width={200} height={200} />
          </div>
          <p className="account-key-label" id="account-manual-key-label">
            {t('mfa.manualKey')}
          </p>
          <code
            className="account-key"
            aria-labelledby="account-manual-key-label"
            data-testid="mfa-manual-key"
          >
            {grouped(start.data.secret)}
          </code>
        </li>
        <li>
          {t('mfa.step3')}
          <Suspense fallback={null}>
            <MfaConfirmForm onEnabled={onEnabled} />
          </Suspense>
        </li>
      </ol>
    </div>
  );
}
