import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 10409: the section was saved elsewhere (another tab) since this form was opened. */
export function ConflictAlert({ onReload }: { onReload: () => Promise<void> }) {
  const { t } = useTranslation('intake');
  const [reloading, setReloading] = useState(false);
  return (
    <div className="form-alert form-alert--error intake-conflict" role="alert">
      <p>{t('problems.conflict')}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          onReload().catch(() => setReloading(false));
        }}
      >
        {t('problems.reloadSection')}
      </button>
    </div>
  );
}
