import i18next from 'i18next';

/**
 * The shared i18n loader already gathers every features/<f>/i18n catalogue; this makes sure
 * the `admin` namespace is present for the active language (and English as the fallback)
 * when a console screen opens, whatever the shared loader did.
 */
const catalogues = import.meta.glob<Record<string, unknown>>('./*.json', { import: 'default' });

export async function loadAdminI18n() {
  const languages = [...new Set([i18next.language || 'en', 'en'])];
  await Promise.all(
    languages.map(async (lng) => {
      if (i18next.hasResourceBundle(lng, 'admin')) return;
      const load = catalogues[`./${lng}.json`];
      if (load) i18next.addResourceBundle(lng, 'admin', await load(), true, true);
    }),
  );
}
