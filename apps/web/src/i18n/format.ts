import { isAppLocale, LANGUAGE_TAGS, DEFAULT_LOCALE } from './locale.ts';

function tagOf(locale: string): string {
  return LANGUAGE_TAGS[isAppLocale(locale) ? locale : DEFAULT_LOCALE];
}

export function formatDate(
  date: Date,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return new Intl.DateTimeFormat(tagOf(locale), options).format(date);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(tagOf(locale), options).format(value);
}
