import { useTranslation } from 'react-i18next';
import { DATE_TIME, DAY, formatDate } from '../i18n/format.ts';

interface DateTimeProps {
  /** An ISO 8601 time. */
  value: string;
  /** `day` leaves the time out. */
  kind?: 'date-time' | 'day';
}

/** A time on the staff screens, in their one format and as a machine-readable `<time>`. */
export function DateTime({ value, kind = 'date-time' }: DateTimeProps) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={value}>
      {formatDate(new Date(value), i18n.language, kind === 'day' ? DAY : DATE_TIME)}
    </time>
  );
}
