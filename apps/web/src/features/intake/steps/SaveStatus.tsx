import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format.ts';
import type { AutosaveStatus } from './use-draft-autosave.ts';

/** Says quietly what happened to the draft; polite, so typing is never interrupted. */
export function SaveStatus({ status }: { status: AutosaveStatus }) {
  const { t, i18n } = useTranslation('intake');
  let text = '';
  if (status.state === 'saving') text = t('draft.saving');
  if (status.state === 'saved') {
    text = t('draft.saved', { time: formatDate(status.at, i18n.language, { timeStyle: 'short' }) });
  }
  if (status.state === 'failed') text = t('draft.failed');
  return (
    <p
      className={`intake-save-status${status.state === 'failed' ? ' intake-save-status--failed' : ''}`}
      role="status"
    >
      {text}
    </p>
  );
}
