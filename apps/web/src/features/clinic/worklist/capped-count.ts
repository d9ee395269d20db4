import { useTranslation } from 'react-i18next';
import { WORKLIST_COUNT_CAP } from '@portal/protocol';
import { formatNumber } from '../../../i18n/format.ts';

/** A worklist count as shown: the number, or "1,000+" where the server stopped counting (decision 0044). */
export function useCappedCount() {
  const { t, i18n } = useTranslation('clinic-worklist');
  return (count: number) => {
    const n = formatNumber(count, i18n.language);
    const atLeast = count >= WORKLIST_COUNT_CAP;
    return { n, atLeast, text: atLeast ? t('queues.atLeast', { n }) : n };
  };
}
