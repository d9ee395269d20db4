import { isAppLocale, DEFAULT_LOCALE, type AppLocale } from './locale.ts';

export interface PersonNameParts {
  first_name?: string | null;
  last_name?: string | null;
}

// Han ideographs, kana and hangul: a name written wholly in these scripts is written family name
// first and without a space (王小梅), whatever the reader's language.
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}·・\s]+$/u;

/**
 * How each locale orders a name written in Latin or other scripts: given name first in both, as
 * Chinese text keeps a foreign name's own order (比尔·盖茨 for Bill Gates); only names in CJK
 * script go family first.
 */
const FAMILY_FIRST: Record<AppLocale, boolean> = { gb: false, cn: false };

/**
 * A person's full name for the reader's locale: a name in CJK script family first without a
 * space (王小梅) in every locale, as it is written; any other name given then family name.
 */
export function formatPersonName(name: PersonNameParts, locale: string): string {
  const given = (name.first_name ?? '').trim();
  const family = (name.last_name ?? '').trim();
  if (!given || !family) return given || family;
  if (CJK_NAME.test(given) && CJK_NAME.test(family)) return `${family}${given}`;
  const familyFirst = FAMILY_FIRST[isAppLocale(locale) ? locale : DEFAULT_LOCALE];
  return familyFirst ? `${family} ${given}` : `${given} ${family}`;
}
