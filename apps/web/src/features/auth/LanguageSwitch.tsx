import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../i18n/index.ts';
import { LANGUAGE_TAGS, LOCALES, LOCALE_NAMES } from '../../i18n/locale.ts';

/** Before sign-in there is no profile menu, so the language choice sits under the form. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('layout');
  return (
    <div className="language-switch" role="group" aria-label={t('profile.changeLanguage')}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={LANGUAGE_TAGS[locale]}
          className="language-switch__option"
          aria-pressed={i18n.language === locale}
          onClick={() => void changeLocale(locale)}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </div>
  );
}
