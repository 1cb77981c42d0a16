import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { articlesQuery, videosQuery } from '../api/content-api.ts';
import { ArticleCard, PlaylistCard, VideoCard } from '../components/media-cards.tsx';
import { CardList } from '../../../ui/card-list.tsx';

/** /media: playlists, the latest videos and the articles, each paying points once. */
export default function MediaRoute() {
  const { t } = useTranslation('content');
  const videos = useQuery(videosQuery());
  const articles = useQuery(articlesQuery());
  const latest = videos.data?.videos.slice(0, 4) ?? [];

  return (
    <main className="flex flex-col gap-6 pb-6">
      <PageHeader title={t('title')} />
      <section className="flex flex-col gap-3 px-4" aria-labelledby="media-playlists">
        <h2 id="media-playlists" className="font-display text-xl font-bold">
          {t('playlists')}
        </h2>
        <div className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
          {videos.isPending
            ? [0, 1, 2].map((i) => <Skeleton key={i} className="aspect-[16/10] w-60 shrink-0" />)
            : videos.data?.playlists.map((p) => <PlaylistCard key={p.id} playlist={p} />)}
        </div>
        {videos.data?.playlists.length === 0 && <EmptyState title={t('emptyPlaylists')} />}
      </section>

      <section className="flex flex-col gap-3 px-4" aria-labelledby="media-latest">
        <div className="flex items-center justify-between">
          <h2 id="media-latest" className="font-display text-xl font-bold">
            {t('latestVideos')}
          </h2>
          <Link
            to={paths.videos}
            className="flex min-h-11 items-center gap-1 text-sm font-semibold text-accent focus-visible:outline-2 focus-visible:outline-accent"
          >
            {t('seeAll')}
            <ChevronRight className="size-4" aria-hidden />
          </Link>
        </div>
        {videos.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-20" />)
        ) : latest.length === 0 ? (
          <EmptyState title={t('emptyVideos')} />
        ) : (
          <CardList items={latest} itemKey={(v) => v.id}>
            {(v) => <VideoCard video={v} />}
          </CardList>
        )}
      </section>

      <section className="flex flex-col gap-3 px-4" aria-labelledby="media-articles">
        <h2 id="media-articles" className="font-display text-xl font-bold">
          {t('articles')}
        </h2>
        {articles.isPending ? (
          [0, 1].map((i) => <Skeleton key={i} className="h-[106px]" />)
        ) : (articles.data ?? []).length === 0 ? (
          <EmptyState title={t('emptyArticles')} />
        ) : (
          <CardList items={articles.data ?? []} itemKey={(a) => a.id}>
            {(a) => <ArticleCard article={a} />}
          </CardList>
        )}
      </section>
    </main>
  );
}
