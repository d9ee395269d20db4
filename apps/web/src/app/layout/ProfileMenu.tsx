import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/auth-api.ts';
import { showNotice } from '../../api/notice-store.ts';
import type { Session } from '../../api/session.ts';
import { changeLocale } from '../../i18n/index.ts';
import { LANGUAGE_TAGS, LOCALES, LOCALE_NAMES, isAppLocale } from '../../i18n/locale.ts';
import { MenuButton, type MenuEntry } from '../../ui/MenuButton.tsx';

/** spec §2: the profile dropdown with the user's name, change language and logout. */
export function ProfileMenu({ session }: { session: Session }) {
  const { t, i18n } = useTranslation('layout');
  const navigate = useNavigate();
  const name = session.user.first_name || session.user.username;
  const current = isAppLocale(i18n.language) ? i18n.language : 'gb';
  const entries: MenuEntry[] = [
    { kind: 'action', id: 'account', label: t('profile.account'), onSelect: () => void navigate('/account') },
    {
      kind: 'group',
      id: 'language',
      label: t('profile.changeLanguage'),
      entries: LOCALES.map((locale) => ({
        kind: 'radio' as const,
        id: `language-${locale}`,
        label: LOCALE_NAMES[locale],
        lang: LANGUAGE_TAGS[locale],
        checked: locale === current,
        onSelect: () => void changeLocale(locale),
      })),
    },
    { kind: 'separator', id: 'separator' },
    {
      kind: 'action',
      id: 'logout',
      label: t('profile.logout'),
      onSelect: () =>
        void logout().then(() => showNotice({ key: 'loggedOut', tone: 'success', durationMs: 4_000 })),
    },
  ];
  return (
    <MenuButton entries={entries}>
      <span className="navbar__avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      {/* The name is the visible label; the hidden words complete the accessible name (WCAG 2.5.3). */}
      <span className="narrow-hidden">{name}</span>
      <span className="visually-hidden">{t('profile.menu')}</span>
    </MenuButton>
  );
}
