import { paths } from '../../../config/paths.ts';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../../lib/organization.ts';
import { BackLink } from '../../../ui/back-link.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';

const SECTIONS = ['earn', 'ranks', 'prizes', 'privacy'] as const;

/** `/about`: what the app is and how points, ranks and prize draws work. */
export default function AboutRoute() {
  const { t } = useTranslation('about');
  const org = useOrganization();
  const ranks = org.data?.ranks ?? [];
  return (
    <main className="pb-6">
      <PageHeader title={t('title')} back={<BackLink to={paths.profile} />} />
      <div className="flex flex-col gap-4 px-4">
        <p className="text-white/85">{t('intro', { team: org.data?.name ?? 'Paddock' })}</p>
        {SECTIONS.map((s) => (
          <section
            key={s}
            id={s}
            aria-labelledby={`${s}-title`}
            className="rounded-2xl border border-line bg-surface p-4"
          >
            <h2 id={`${s}-title`} className="font-display text-lg font-bold uppercase">
              {t(`${s}.title`)}
            </h2>
            <p className="mt-1 text-sm text-muted">{t(`${s}.body`)}</p>
            {s === 'ranks' && ranks.length > 0 && (
              <ol className="mt-3 grid grid-cols-2 gap-1.5 text-sm">
                {[...ranks]
                  .sort((a, b) => a.minPoints - b.minPoints)
                  .map((r) => (
                    <li key={r.code} className="flex justify-between rounded-lg bg-surface-2 px-2.5 py-1.5">
                      <span className="font-bold">{r.code}</span>
                      <span className="truncate pl-2 text-muted">{r.name}</span>
                    </li>
                  ))}
              </ol>
            )}
          </section>
        ))}
        <p className="text-center text-xs text-muted">{t('version', { version: '1.0' })}</p>
      </div>
    </main>
  );
}
