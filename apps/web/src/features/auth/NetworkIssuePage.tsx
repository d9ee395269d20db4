import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { probeApi } from '../../api/client.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { OfflineIcon } from './StatusIcons.tsx';

/** Only same-site paths go back into the router: `from` comes from the URL. */
function safeReturnPath(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth/network-issue')
    ? from
    : '/';
}

/** Shown when the API cannot be reached; retry goes back where the user was. */
export default function NetworkIssuePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [retrying, setRetrying] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  const retry = async () => {
    setRetrying(true);
    setStillDown(false);
    const reachable = await probeApi();
    setRetrying(false);
    if (reachable) void navigate(safeReturnPath(params.get('from')), { replace: true });
    else setStillDown(true);
  };

  return (
    <div className="auth-status">
      <OfflineIcon />
      <PageHeading>{t('network.title')}</PageHeading>
      <p>{t('network.body')}</p>
      <FormAlert message={stillDown ? t('network.stillDown') : null} />
      <button
        type="button"
        className="button button--primary"
        disabled={retrying}
        onClick={() => void retry()}
      >
        {retrying ? t('network.retrying') : t('network.retry')}
      </button>
    </div>
  );
}
