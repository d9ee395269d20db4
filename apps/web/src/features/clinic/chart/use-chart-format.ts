import { useTranslation } from 'react-i18next';
import { DATE_TIME, DAY, formatDate } from '../../../i18n/format.ts';
import { formatPersonName, type PersonNameParts } from '../../../i18n/person-name.ts';

/** Dates, times and names in the staff member's language. */
export function useChartFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    day: (iso: string) => formatDate(new Date(iso), locale, DAY),
    moment: (iso: string) => formatDate(new Date(iso), locale, DATE_TIME),
    name: (person: PersonNameParts) => formatPersonName(person, locale),
  };
}
