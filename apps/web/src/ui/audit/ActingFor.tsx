import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@portal/protocol';
import './audit-detail.css';

/**
 * A caregiver's row (decision 0023): the actor acted for the row's subject, the patient, under
 * a grant; staff see which, so the row reads as the caregiver's act on the patient's behalf.
 */
export function ActingFor({ entry }: { entry: Pick<AuditEntry, 'grant_id' | 'subject'> }) {
  const { t } = useTranslation('audit-labels');
  if (!entry.grant_id) return null;
  const patient = entry.subject?.name ?? entry.subject?.email ?? entry.subject?.id ?? '';
  return (
    <span className="audit-detail audit-detail__acting-for">
      {t('actingFor', { patient, grant: entry.grant_id })}
    </span>
  );
}
