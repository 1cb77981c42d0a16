import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { videosQuery } from '../api/content-api.ts';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';
import { VideoCard } from '../components/media-cards.tsx';
import { CardList } from '../../../ui/card-list.tsx';

/** /media/videos: every video, newest first. */
export default function VideosRoute() {
  const { t } = useTranslation('content');
  const videos = useQuery(videosQuery());
  return (
    <main className="flex flex-col gap-4 pb-6">
      <PageHeader title={t('allVideos')} back={<ChevronBackLink to={paths.media} label={t('back')} />} />
      <div className="px-4">
        {videos.isPending ? (
          <div className="flex flex-col gap-3">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        ) : (videos.data?.videos ?? []).length === 0 ? (
          <EmptyState title={t('emptyVideos')} />
        ) : (
          <CardList items={videos.data?.videos ?? []} itemKey={(v) => v.id}>
            {(v) => <VideoCard video={v} />}
          </CardList>
        )}
      </div>
    </main>
  );
}
