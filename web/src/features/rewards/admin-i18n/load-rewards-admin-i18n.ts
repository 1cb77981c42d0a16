import i18next from 'i18next';

/**
 * The operator strings of the rewards screens, namespace `rewards-admin`. They live outside
 * `features/rewards/i18n/` on purpose: the shared loader fetches every catalogue there at app
 * start, and fans should not download console text. Loaded with the console screen instead.
 */
export const REWARDS_ADMIN_NS = 'rewards-admin';

const catalogues = import.meta.glob<Record<string, unknown>>('./*.json', { import: 'default' });

export async function loadRewardsAdminI18n() {
  const languages = [...new Set([i18next.language || 'en', 'en'])];
  await Promise.all(
    languages.map(async (lng) => {
      if (i18next.hasResourceBundle(lng, REWARDS_ADMIN_NS)) return;
      const load = catalogues[`./${lng}.json`];
      if (load) i18next.addResourceBundle(lng, REWARDS_ADMIN_NS, await load(), true, true);
    }),
  );
}
