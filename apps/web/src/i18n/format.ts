import { isAppLocale, LANGUAGE_TAGS, DEFAULT_LOCALE } from './locale.ts';

function tagOf(locale: string): string {
  return LANGUAGE_TAGS[isAppLocale(locale) ? locale : DEFAULT_LOCALE];
}

// Building a date format is costly (the engine resolves the locale's patterns each time, and the
// first one loads its data): tens of milliseconds on a slow phone. One per locale and options.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(
  date: Date,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const tag = tagOf(locale);
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(tagOf(locale), options).format(value);
}
