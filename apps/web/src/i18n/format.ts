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

/**
 * The one date-and-time format of the staff screens (audit, users, inbox, documents): the
 * medium date and the minutes, e.g. 5 Jan 2025, 14:30 / 2025年1月5日 14:30.
 */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** A day without a time on the same screens, e.g. 5 Jan 2025 / 2025年1月5日. */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

const languageNames = new Map<string, Intl.DisplayNames>();

/**
 * A language tag as the reader's locale names it (`en` → English / 英语, `zh-Hant` →
 * Traditional Chinese / 繁体中文); the tag itself when the engine does not know it.
 */
export function formatLanguage(languageTag: string, locale: string): string {
  const tag = tagOf(locale);
  let names = languageNames.get(tag);
  if (!names) {
    names = new Intl.DisplayNames([tag], { type: 'language', fallback: 'code' });
    languageNames.set(tag, names);
  }
  try {
    return names.of(languageTag) ?? languageTag;
  } catch {
    // A tag Intl cannot parse (the server accepts BCP 47 shapes only, but older rows may differ).
    return languageTag;
  }
}
