import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_COOKIE = 'paddock-locale';
/** SPEC §9: the locale cookie is kept 365 days. */
export const LOCALE_COOKIE_DAYS = 365;

/**
 * Catalogues live beside their feature (`features/<f>/i18n/<locale>.json`, namespace = the
 * feature folder) plus `i18n/common/<locale>.json`; they are gathered here so adding strings
 * never means editing a shared file.
 */
const featureCatalogues = import.meta.glob<Record<string, unknown>>('../features/*/i18n/*.json', {
  eager: true,
  import: 'default',
});
const commonCatalogues = import.meta.glob<Record<string, unknown>>('./common/*.json', {
  eager: true,
  import: 'default',
});

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, messages] of Object.entries(featureCatalogues)) {
    const match = /features\/([^/]+)\/i18n\/([a-z]{2})\.json$/.exec(file);
    if (!match) continue;
    const [, namespace, locale] = match as unknown as [string, string, string];
    resources[locale] ??= {};
    resources[locale][namespace] = messages;
  }
  for (const [file, messages] of Object.entries(commonCatalogues)) {
    const locale = /([a-z]{2})\.json$/.exec(file)?.[1];
    if (!locale) continue;
    resources[locale] ??= {};
    resources[locale].common = messages;
  }
  return resources;
}

export function readLocaleCookie(): Locale | null {
  const value = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    ?.split('=')[1];
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : null;
}

export function setLocale(locale: Locale) {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${maxAge}; SameSite=Lax`;
  document.documentElement.lang = locale;
  return i18next.changeLanguage(locale);
}

export async function initI18n(defaultLocale: string) {
  const fallback = (LOCALES as readonly string[]).includes(defaultLocale) ? (defaultLocale as Locale) : 'en';
  const lng = readLocaleCookie() ?? fallback;
  document.documentElement.lang = lng;
  await i18next.use(initReactI18next).init({
    resources: buildResources(),
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
