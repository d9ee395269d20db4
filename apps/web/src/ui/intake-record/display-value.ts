import type { TFunction } from 'i18next';
import { formatPhoneForReading } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';
import type { AnySpec } from './field-spec.ts';
import { countryName, languageName } from './named-codes.ts';

/** Calendar dates carry no time zone: format them as the same day everywhere. */
function calendarDate(value: string, locale: string): string {
  const [year, month, day] = value.split('-');
  if (!month) return value;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day ?? 1)));
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = day
    ? { dateStyle: 'long', timeZone: 'UTC' }
    : { year: 'numeric', month: 'long', timeZone: 'UTC' };
  return formatDate(date, locale, options);
}

/** A scalar field's value as a person reads it: option labels, country and language names, dates, phones. */
export function displayValue(
  spec: AnySpec,
  value: string | boolean | string[],
  t: TFunction,
  locale: string,
): string {
  switch (spec.kind) {
    case 'checkbox':
      return t(value ? 'review.yes' : 'review.no');
    case 'checkboxes':
      return (value as string[])
        .map((v) => t(`options.${spec.options.name}.${v}`))
        .join(t('review.listSeparator'));
    case 'select':
    case 'radios':
      return t(`options.${spec.options.name}.${String(value)}`);
    case 'country':
      return countryName(String(value), locale);
    case 'language':
      return languageName(String(value), locale, t('options.language.other'));
    case 'date':
    case 'partialDate':
      return calendarDate(String(value), locale);
    case 'number':
      return `${String(value)} ${t(spec.unit)}`;
    case 'tel':
      // Stored as E.164; the clinic's staff and its patients dial their own country's numbers nationally.
      return formatPhoneForReading(String(value));
    default:
      return String(value);
  }
}
