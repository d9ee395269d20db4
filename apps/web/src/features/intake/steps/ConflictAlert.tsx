import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

/** 10409: the section was saved elsewhere (another tab) since this form was opened. */
export function ConflictAlert({ onReload }: { onReload: () => Promise<void> }) {
  const { t } = useTranslation('intake');
  const [reloading, setReloading] = useState(false);
  return (
    <FormAlert message={t('problems.conflict')} className="intake-conflict">
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
    </FormAlert>
  );
}
