import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format.ts';
import type { DraftStatus } from './use-draft-autosave.ts';
import './draft-status-line.css';

/**
 * Says quietly what happened to the draft; polite, so typing is never interrupted. The words are
 * the feature's own (`draft.saving`, `draft.saved` with `{{time}}`, `draft.failed` in `namespace`).
 */
export function DraftStatusLine({
  status,
  namespace,
}: {
  status: DraftStatus;
  namespace: 'intake' | 'assessment';
}) {
  const { t, i18n } = useTranslation(namespace);
  let text = '';
  if (status.state === 'saving') text = t('draft.saving');
  if (status.state === 'saved') {
    text = t('draft.saved', { time: formatDate(status.at, i18n.language, { timeStyle: 'short' }) });
  }
  if (status.state === 'failed') text = t('draft.failed');
  return (
    <p
      className={`draft-status-line${status.state === 'failed' ? ' draft-status-line--failed' : ''}`}
      role="status"
    >
      {text}
    </p>
  );
}
