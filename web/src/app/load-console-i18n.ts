import i18next from 'i18next';

/**
 * The console's message catalogues, kept out of the fans' boot (src/i18n/index.ts only gathers
 * features/<f>/i18n): `console` (src/i18n/console: the console kit's words), `admin` (the
 * cross-domain screens) and one `<domain>-console` namespace per domain's console screens
 * (features/<domain>/console/i18n). Each file is its own lazy chunk. They are small, so the
 * first console screen loads them all, for the active language and English (the fallback):
 * no screen has to list the catalogues it speaks.
 */
const catalogues = import.meta.glob<Record<string, unknown>>(
  ['../i18n/console/*.json', '../features/admin/i18n/*.json', '../features/*/console/i18n/*.json'],
  { import: 'default' },
);

/** The namespace and language a catalogue file holds, from its path. */
export function consoleNamespace(file: string): { namespace: string; language: string } | null {
  const match =
    /\/i18n\/console\/([a-z]{2})\.json$/.exec(file) ??
    /features\/(admin)\/i18n\/([a-z]{2})\.json$/.exec(file) ??
    /features\/([^/]+)\/console\/i18n\/([a-z]{2})\.json$/.exec(file);
  if (!match) return null;
  if (match.length === 2) return { namespace: 'console', language: match[1] as string };
  const [, domain, language] = match as unknown as [string, string, string];
  return { namespace: domain === 'admin' ? 'admin' : `${domain}-console`, language };
}

export async function loadConsoleI18n() {
  const languages = [...new Set([i18next.language || 'en', 'en'])];
  const jobs = Object.entries(catalogues).map(async ([file, load]) => {
    const found = consoleNamespace(file);
    if (!found || !languages.includes(found.language)) return;
    if (i18next.hasResourceBundle(found.language, found.namespace)) return;
    i18next.addResourceBundle(found.language, found.namespace, await load(), true, true);
  });
  await Promise.all(jobs);
}
