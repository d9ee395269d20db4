import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  LANGUAGE_TAGS,
  LOCALES,
  isAppLocale,
  readStoredLocale,
  storeLocale,
  type AppLocale,
} from './locale.ts';
import gbAuth from './gb/auth.ts';
import gbCommon from './gb/common.ts';
import gbLayout from './gb/layout.ts';
import gbNotices from './gb/notices.ts';
import gbWelcome from './gb/welcome.ts';

type Resource = Record<string, unknown>;

// One module per locale and feature, loaded when a screen first needs it: the legal texts
// and the signup strings never weigh on the login page's first load. The gb namespaces bundled
// below are left out: i18next never asks the backend for them, and a module both imported and
// lazily loaded would stay in the entry chunk anyway (the bundler warns about exactly that).
const modules = import.meta.glob<{ default: Resource }>([
  './gb/*.ts',
  './cn/*.ts',
  '!./gb/{common,layout,notices,auth,welcome}.ts',
]);

// The default locale's strings for the shell and the two landing pages (sign-in, welcome) come
// with the entry chunk: gb is every locale's fallback, so it is always needed, and a page no
// longer waits for two rounds of namespace requests before it can render. cn stays lazy.
const bundled: Partial<Record<AppLocale, Record<string, Resource>>> = {
  gb: { common: gbCommon, layout: gbLayout, notices: gbNotices, auth: gbAuth, welcome: gbWelcome },
};

const lazyResources: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = modules[`./${language}/${namespace}.ts`];
    if (!load) {
      callback(new Error(`No ${language} resources for ${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function applyDocumentLanguage(locale: AppLocale): void {
  document.documentElement.lang = LANGUAGE_TAGS[locale];
}

export const i18nReady = i18next
  .use(lazyResources)
  .use(initReactI18next)
  .init({
    resources: bundled,
    // Namespaces not bundled above load through the backend.
    partialBundledLanguages: true,
    lng: readStoredLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: ['common', 'layout', 'notices'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

i18next.on('languageChanged', (language) => {
  if (isAppLocale(language)) applyDocumentLanguage(language);
});
applyDocumentLanguage(readStoredLocale());

/** spec §1: the user can change language; the choice is kept in local storage. */
export async function changeLocale(locale: AppLocale): Promise<void> {
  storeLocale(locale);
  await i18next.changeLanguage(locale);
}

/**
 * A page's namespaces in the reader's locale and its fallback, loaded before the page renders
 * (`lazyPage`). Settles when i18next has tried: a failed load shows where the page reads them.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length === 0) return;
  await i18nReady;
  await i18next.loadNamespaces([...namespaces]);
}

export { i18next };
