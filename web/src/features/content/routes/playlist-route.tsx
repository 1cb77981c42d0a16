import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Points } from '../../../ui/points.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { playlistQuery } from '../api/content-api.ts';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';
import { VideoCard } from '../components/media-cards.tsx';

/** /media/playlists/{id}: one playlist's videos in order. */
export default function PlaylistRoute() {
  const { t } = useTranslation('content');
  const { id = '' } = useParams();
  const playlist = useQuery(playlistQuery(id));
  const data = playlist.data;
  return (
    <main className="flex flex-col gap-4 pb-6">
      <PageHeader
        title={data?.name ?? t('playlist')}
        back={<ChevronBackLink to={paths.media} label={t('back')} />}
      />
      <div className="flex flex-col gap-4 px-4">
        {playlist.isPending ? (
          <>
            <Skeleton className="h-16" />
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </>
        ) : !data ? (
          <EmptyState title={t('notFound')} />
        ) : (
          <>
            {data.description && <p className="text-muted">{data.description}</p>}
            <p className="text-sm font-semibold text-accent">
              {t('videoCount', { count: data.videos.length })} · {t('upTo')}{' '}
              <Points value={data.totalValue} />
            </p>
            {data.videos.length === 0 ? (
              <EmptyState title={t('emptyVideos')} />
            ) : (
              <ol className="flex flex-col gap-3">
                {data.videos.map((v) => (
                  <li key={v.id}>
                    <VideoCard video={v} />
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </main>
  );
}
