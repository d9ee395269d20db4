import { LANGUAGE_TAGS, isAppLocale, DEFAULT_LOCALE } from '../../i18n/locale.ts';

/** ISO 3166-1 alpha-2, the officially assigned codes (the contact schema's `country`). */
const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/**
 * BCP 47 tags of the languages patients most often ask for, each with its name in itself as
 * ICU gives it (`null` where ICU has no data for the language): written out because asking
 * Intl.DisplayNames for them constructed one formatter per language in the intake's first
 * render. `named-codes.test.ts` holds the table to the browser's ICU.
 */
export const LANGUAGE_ENDONYMS: ReadonlyArray<readonly [code: string, endonym: string | null]> = [
  ['en', 'English'],
  ['zh-Hans', '简体中文'],
  ['zh-Hant', '繁體中文'],
  ['yue', '粵語'],
  ['es', 'español'],
  ['fr', 'français'],
  ['de', 'Deutsch'],
  ['it', 'italiano'],
  ['pt', 'português'],
  ['pl', 'polski'],
  ['ro', 'română'],
  ['ru', 'русский'],
  ['uk', 'українська'],
  ['el', 'Ελληνικά'],
  ['tr', 'Türkçe'],
  ['ar', 'العربية'],
  ['fa', 'فارسی'],
  ['he', 'עברית'],
  ['ur', 'اردو'],
  ['hi', 'हिन्दी'],
  ['bn', 'বাংলা'],
  ['pa', 'ਪੰਜਾਬੀ'],
  ['gu', 'ગુજરાતી'],
  ['ta', 'தமிழ்'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['vi', 'Tiếng Việt'],
  ['th', 'ไทย'],
  ['tl', 'Filipino'],
  ['id', 'Indonesia'],
  ['so', 'Soomaali'],
  ['am', 'አማርኛ'],
  ['sw', 'Kiswahili'],
  ['ht', null],
];

/** `und` ("another language"): the profile schema takes a tag, and `und` is the standard one for a language not named. */
const OTHER_LANGUAGE = 'und';

interface NamedCode {
  code: string;
  name: string;
}

function tagOf(locale: string): string {
  return LANGUAGE_TAGS[isAppLocale(locale) ? locale : DEFAULT_LOCALE];
}

function sorted(items: NamedCode[], tag: string): NamedCode[] {
  const collator = new Intl.Collator(tag);
  return items.sort((a, b) => collator.compare(a.name, b.name));
}

const cache = new Map<string, NamedCode[]>();
function memo(key: string, build: () => NamedCode[]): NamedCode[] {
  let items = cache.get(key);
  if (!items) cache.set(key, (items = build()));
  return items;
}

/** Countries named in the interface language, in its alphabetical order. */
export function countries(locale: string): NamedCode[] {
  const tag = tagOf(locale);
  return memo(`region:${tag}`, () => {
    const names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
    return sorted(
      COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })),
      tag,
    );
  });
}

export function countryName(code: string, locale: string): string {
  return countries(locale).find((c) => c.code === code)?.name ?? code;
}

/**
 * Languages named in the interface language and, where it differs, in the language itself,
 * so a patient who reads neither English nor Chinese still finds their own ("Polish (polski)").
 * `otherLabel` is the translated name of `und`.
 */
export function languages(locale: string, otherLabel: string): NamedCode[] {
  const tag = tagOf(locale);
  return memo(`language:${tag}:${otherLabel}`, () => {
    const names = new Intl.DisplayNames([tag], { type: 'language', fallback: 'code' });
    const named = LANGUAGE_ENDONYMS.map(([code, endonym]) => {
      const name = names.of(code) ?? code;
      return { code, name: endonym === null || endonym === name ? name : `${name} (${endonym})` };
    });
    return [...sorted(named, tag), { code: OTHER_LANGUAGE, name: otherLabel }];
  });
}

export function languageName(code: string, locale: string, otherLabel: string): string {
  return languages(locale, otherLabel).find((l) => l.code === code)?.name ?? code;
}
