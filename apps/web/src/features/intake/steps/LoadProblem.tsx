import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

/** A section could not be loaded (the network-issue screen covers a dropped connection). */
export function LoadProblem({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('intake');
  return (
    <FormAlert message={t('problems.load')}>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('problems.retry')}
      </button>
    </FormAlert>
  );
}
