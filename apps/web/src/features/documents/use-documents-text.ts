import { useTranslation } from 'react-i18next';
import type { DocumentStatus } from '@portal/protocol';
import { useActingFor } from '../../api/caregiver-grants.ts';

/** The documents' strings that speak to the record's owner (each has an `acting` twin). */
export type OwnerKey =
  | 'intro'
  | `status.${DocumentStatus}`
  | 'loadError'
  | 'detail.reason'
  | 'sign.submitted'
  | 'reject.intro'
  | 'reject.done'
  | 'reject.confirmBody'
  | 'card.awaiting'
  | 'card.noneAwaiting'
  | 'card.allRead'
  | 'reference.intro';

/**
 * The documents namespace, and `owner` for the strings about whose record is open: the patient's
 * own say "you"; while someone acts for the patient (decision 0023) "you" would be the caregiver,
 * so their `acting` twins name the patient instead.
 */
export function useDocumentsText() {
  const { t, i18n } = useTranslation('documents');
  const patient = useActingFor().grant?.patient_name;
  const owner = (key: OwnerKey, options: Record<string, unknown> = {}): string =>
    patient ? t(`acting.${key}`, { ...options, name: patient }) : t(key, options);
  return { t, i18n, owner };
}
