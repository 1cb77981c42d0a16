import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { Loaded } from '../../../ui/detail-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { useContentReward, videosQuery } from '../api/content-api.ts';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';
import { VideoCard } from '../components/media-cards.tsx';
import { RewardStatus } from '../components/reward-status.tsx';
import { embedUrl } from '../lib/content-reward.ts';
import { CardList } from '../../../ui/card-list.tsx';

/** /media/videos/{video}: the player; watching to the end earns the video's points once (product §7 …/view). */
export default function VideoRoute() {
  const { t } = useTranslation('content');
  const { videoId = '' } = useParams();
  const videos = useQuery(videosQuery());
  const video = videos.data?.videos.find((v) => v.id === videoId);
  const reward = useContentReward({
    path: `/content/videos/${encodeURIComponent(videoId)}/view`,
    proof: () => {
      const v = videos.data?.videos.find((x) => x.id === videoId);
      return v ? { checksum: v.checksum, issuedAt: v.issuedAt } : null;
    },
    refresh: () => videos.refetch(),
    t,
  });
  const claimable = video && !video.viewed && video.value > 0 && reward.state === 'idle';
  const more = (videos.data?.videos ?? []).filter((v) => v.id !== videoId).slice(0, 3);
  const embed = video && video.videoSourceType !== 'file' ? embedUrl(video.src, video.videoSourceType) : null;

  return (
    <main className="flex flex-col gap-4 pb-6">
      <PageHeader title={t('video')} back={<ChevronBackLink to={paths.videos} label={t('back')} />} />
      <Loaded
        pending={videos.isPending}
        item={video}
        notFound={t('notFound')}
        shapes={['aspect-video w-full', 'h-7 w-2/3']}
      >
        {(video) => (
          <>
            <div className="bg-black sm:mx-4 sm:overflow-hidden sm:rounded-2xl">
              {video.videoSourceType === 'file' ? (
                // biome-ignore lint/a11y/useMediaCaption: demo clips have no speech; captions come with real footage
                <video
                  key={video.id}
                  src={video.src}
                  poster={video.thumbnailSrc ?? undefined}
                  controls
                  playsInline
                  preload="metadata"
                  className="aspect-video w-full"
                  aria-label={video.name}
                  onEnded={() => {
                    if (claimable) void reward.claim();
                  }}
                />
              ) : embed ? (
                <iframe
                  src={embed}
                  title={video.name}
                  className="aspect-video w-full"
                  allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                />
              ) : (
                <a
                  href={video.src}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex aspect-video w-full items-center justify-center gap-2 font-semibold"
                >
                  {t('openExternal')}
                  <ExternalLink className="size-4" aria-hidden />
                </a>
              )}
            </div>
            <div className="flex flex-col gap-3 px-4">
              <h2 className="font-display text-2xl leading-tight font-bold">{video.name}</h2>
              <RewardStatus
                value={video.value}
                done={video.viewed}
                state={reward.state}
                hint={t('reward.watchHint')}
              />
              {video.videoSourceType !== 'file' && claimable && (
                // External players don't tell us when they end: the fan says so, the server checks the time.
                <Button variant="secondary" onClick={() => void reward.claim()}>
                  {t('reward.claimWatched')}
                </Button>
              )}
              {video.description && <p className="text-muted">{video.description}</p>}
            </div>
            {more.length > 0 && (
              <section className="flex flex-col gap-3 px-4" aria-labelledby="more-videos">
                <h2 id="more-videos" className="font-display text-xl font-bold">
                  {t('moreVideos')}
                </h2>
                <CardList items={more} itemKey={(v) => v.id}>
                  {(v) => <VideoCard video={v} />}
                </CardList>
              </section>
            )}
          </>
        )}
      </Loaded>
    </main>
  );
}
