import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_COOKIE = 'paddock-locale';
/** Product §9: the locale cookie is kept 365 days. */
export const LOCALE_COOKIE_DAYS = 365;

/**
 * Catalogues live beside their feature (`features/<f>/i18n/<locale>.json`, namespace = the
 * feature folder) plus `i18n/common/<locale>.json`; they are gathered here so adding strings
 * never means editing a shared file. Only the active locale (and the English fallback) is
 * loaded, so every other language stays out of the first load (product §13.9 budget).
 */
// The operator console loads its own catalogue when it opens, so fans never fetch it.
const featureCatalogues = import.meta.glob<Record<string, unknown>>(
  ['../features/*/i18n/*.json', '!../features/admin/i18n/*.json'],
  { import: 'default' },
);
const commonCatalogues = import.meta.glob<Record<string, unknown>>('./common/*.json', {
  import: 'default',
});

type Resources = Record<string, Record<string, unknown>>;

const loading = new Map<string, Promise<Resources>>();

/** Each locale's catalogues are fetched once, however many callers ask (boot asks early, decision 021). */
function loadLocale(locale: string): Promise<Resources> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = fetchLocale(locale);
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * Starts downloading English (always loaded, the fallback) and the locale the fan chose before,
 * while boot is still waiting for /config.json: one round trip less before the first render.
 */
export function preloadCatalogues() {
  const chosen = readLocaleCookie();
  for (const locale of new Set(['en', ...(chosen ? [chosen] : [])])) void loadLocale(locale).catch(() => {});
}

async function fetchLocale(locale: string): Promise<Resources> {
  const resources: Resources = {};
  const jobs: Promise<void>[] = [];
  for (const [file, load] of Object.entries(featureCatalogues)) {
    const match = /features\/([^/]+)\/i18n\/([a-z]{2})\.json$/.exec(file);
    if (!match || match[2] !== locale) continue;
    const namespace = match[1] as string;
    jobs.push(
      load().then((messages) => {
        resources[namespace] = messages;
      }),
    );
  }
  for (const [file, load] of Object.entries(commonCatalogues)) {
    if (!file.endsWith(`/${locale}.json`)) continue;
    jobs.push(
      load().then((messages) => {
        resources.common = messages;
      }),
    );
  }
  await Promise.all(jobs);
  return resources;
}

async function ensureLocale(locale: string) {
  if (i18next.isInitialized && i18next.hasResourceBundle(locale, 'common')) return;
  const resources = await loadLocale(locale);
  for (const [namespace, messages] of Object.entries(resources)) {
    i18next.addResourceBundle(locale, namespace, messages, true, true);
  }
}

export function readLocaleCookie(): Locale | null {
  const value = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    ?.split('=')[1];
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : null;
}

export async function setLocale(locale: Locale) {
  await ensureLocale(locale);
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${maxAge}; SameSite=Lax`;
  document.documentElement.lang = locale;
  return i18next.changeLanguage(locale);
}

/** The locale a visit starts in: the fan's choice (cookie), else the organization's default, else English. */
export function startLocale(defaultLocale: string): Locale {
  const fallback = (LOCALES as readonly string[]).includes(defaultLocale) ? (defaultLocale as Locale) : 'en';
  return readLocaleCookie() ?? fallback;
}

export async function initI18n(defaultLocale: string) {
  const lng = startLocale(defaultLocale);
  document.documentElement.lang = lng;
  const [active, english] = await Promise.all([loadLocale(lng), lng === 'en' ? null : loadLocale('en')]);
  await i18next.use(initReactI18next).init({
    resources: english ? { [lng]: active, en: english } : { [lng]: active },
    partialBundledLanguages: true,
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
