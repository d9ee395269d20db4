import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import type { DraftStatus } from './use-draft-saver.ts';

/** Says quietly what happened to the draft; polite, so answering is never interrupted. */
export function DraftStatusLine({ status }: { status: DraftStatus }) {
  const { t, i18n } = useTranslation('assessment');
  let text = '';
  if (status.state === 'saving') text = t('draft.saving');
  if (status.state === 'saved') {
    text = t('draft.saved', { time: formatDate(status.at, i18n.language, { timeStyle: 'short' }) });
  }
  if (status.state === 'failed') text = t('draft.failed');
  return (
    <p className={`bf-adl-draft${status.state === 'failed' ? ' bf-adl-draft--failed' : ''}`} role="status">
      {text}
    </p>
  );
}
