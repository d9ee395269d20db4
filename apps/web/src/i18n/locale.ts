/** spec §1, §9: gb is the default and fallback; cn is Simplified Chinese. */
export const LOCALES = ['gb', 'cn'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'gb';

// Kept here rather than in api/storage-keys so i18n stays independent of the API layer.
const STORAGE_KEY = 'portal.locale';

/** The portal's locale names are not BCP 47 tags; Intl and `<html lang>` need real ones. */
export const LANGUAGE_TAGS: Record<AppLocale, string> = { gb: 'en-GB', cn: 'zh-CN' };

/** Each language named in itself, as language pickers do. */
export const LOCALE_NAMES: Record<AppLocale, string> = { gb: 'English', cn: '简体中文' };

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** spec §1: the chosen language is kept in local storage. */
export function readStoredLocale(): AppLocale {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isAppLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function storeLocale(locale: AppLocale): void {
  localStorage.setItem(STORAGE_KEY, locale);
}
