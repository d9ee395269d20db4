import { useTranslation } from 'react-i18next';

/** A section could not be loaded (the network-issue screen covers a dropped connection). */
export function LoadProblem({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('intake');
  return (
    <div className="form-alert form-alert--error" role="alert">
      <p>{t('problems.load')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('problems.retry')}
      </button>
    </div>
  );
}
