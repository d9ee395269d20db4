import { useTranslation } from 'react-i18next';
import type { DocumentStatus } from '@portal/protocol';

/** The spec §4 label of a status, coloured by what it asks of the patient. */
export function StatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('documents');
  return <span className={`status-badge status-badge--${status}`}>{t(`status.${status}`)}</span>;
}
