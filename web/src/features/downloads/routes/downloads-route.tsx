import { Download, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { POSTERS, postersByDate, WALLPAPERS } from '../lib/downloads-catalogue.ts';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';
import { LazyPicture } from '../../../ui/cover-image.tsx';

/** One kind of download: its heading (catalogue key = `id`), an introduction, then the items. */
function Shelf({ id, children }: { id: 'posters' | 'wallpapers'; children: ReactNode }) {
  const { t } = useTranslation('downloads');
  return (
    <section className="flex flex-col gap-3 px-4" aria-labelledby={id}>
      <h2 id={id} className="font-display text-xl font-bold">
        {t(id)}
      </h2>
      <p className="text-sm text-muted">{t(`${id}Intro`)}</p>
      {children}
    </section>
  );
}

/** Downloads: race posters (external links) and phone wallpapers (direct file downloads). */
export default function DownloadsRoute() {
  const { t, i18n } = useTranslation('downloads');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (
    <main className="flex flex-col gap-6 pb-6">
      <PageHeader title={t('title')} back={<ChevronBackLink to={paths.profile} label={t('back')} />} />
      <Shelf id="posters">
        <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
          {postersByDate(POSTERS).map((p) => (
            <li key={p.id} className="w-40 shrink-0">
              <a
                href={p.href}
                target="_blank"
                rel="noopener noreferrer"
                className="flex flex-col gap-2 rounded-2xl focus-visible:outline-2 focus-visible:outline-accent"
              >
                <LazyPicture
                  src={p.preview}
                  className="aspect-[2/3] w-full rounded-xl border border-line bg-surface-2 object-cover"
                  width={160}
                  height={240}
                />
                <span className="flex items-start justify-between gap-1">
                  <span>
                    <span className="block font-semibold leading-tight">{t(`races.${p.race}`)}</span>
                    <span className="text-xs text-muted">{date.format(new Date(`${p.date}T12:00:00Z`))}</span>
                  </span>
                  <ExternalLink className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
                  <span className="sr-only">{t('opensNewTab')}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Shelf>
      <Shelf id="wallpapers">
        <ul className="grid grid-cols-3 gap-3">
          {WALLPAPERS.map((w) => (
            <li key={w.id} className="flex flex-col gap-2">
              <LazyPicture
                src={w.preview}
                className="aspect-[1170/2532] w-full rounded-xl border border-line bg-surface-2 object-cover"
                width={110}
                height={238}
              />
              <a
                href={w.file}
                download={w.fileName}
                className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl bg-surface-2 px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent"
              >
                <Download className="size-4" aria-hidden />
                {t('download')}
                <span className="sr-only">{t(`wallpaperNames.${w.id}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </Shelf>
    </main>
  );
}
