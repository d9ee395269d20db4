import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentHomePath } from '../../api/home-path.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { useMfaStatus } from './account-api.ts';
import { MfaSetup } from './MfaSetup.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

// Asked for by a click: the form library and the protocol's schemas load with it, not with the page.
const MfaDisableForm = lazy(() => import('./MfaDisableForm.tsx'));

export function MfaSection() {
  const { t } = useTranslation('account');
  const status = useMfaStatus();
  const [disabling, setDisabling] = useState(false);
  // Shown once, whatever the refreshed status says meanwhile; "Done" leaves the screen.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const navigate = useNavigate();
  // To where / leads, in one step (the tokens were refreshed when MFA was turned on).
  const leave = () => void navigate(currentHomePath(), { replace: true });

  return (
    <section className="card account-section" aria-labelledby="account-mfa-title">
      <h2 id="account-mfa-title" className="account-section__title">
        {t('mfa.title')}
      </h2>
      <p>{t('mfa.intro')}</p>
      {status.isPending && (
        <>
          <p role="status" className="account-status">
            {t('loading')}
          </p>
          <span className="button button--primary account-section__placeholder" aria-hidden="true">
            {t('mfa.enable')}
          </span>
        </>
      )}
      <FormAlert message={status.isError ? t('errors.generic') : null} />
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={leave} />}
      {!recoveryCodes && status.data && !status.data.enabled && <MfaSetup onEnabled={setRecoveryCodes} />}
      {!recoveryCodes && status.data?.enabled && (
        <>
          <p className="account-status">
            <span className="account-badge account-badge--on">{t('mfa.on')}</span>{' '}
            {t('mfa.codesLeft', { count: status.data.recovery_codes_left })}
          </p>
          {disabling ? (
            <Suspense fallback={null}>
              <MfaDisableForm onDone={() => setDisabling(false)} />
            </Suspense>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setDisabling(true)}>
              {t('mfa.disable')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
