import { useTranslation } from 'react-i18next';
import { DATE_TIME, DAY, formatDate } from '../../../i18n/format.ts';

/** Dates and times in the staff member's language. */
export function useOrderFormat() {
  const { i18n } = useTranslation();
  return {
    day: (iso: string) => formatDate(new Date(iso), i18n.language, DAY),
    moment: (iso: string) => formatDate(new Date(iso), i18n.language, DATE_TIME),
    window: (startsAt: string, endsAt: string) =>
      `${formatDate(new Date(startsAt), i18n.language, DATE_TIME)} – ${formatDate(new Date(endsAt), i18n.language, { timeStyle: 'short' })}`,
  };
}
