import type { Article, PlaylistSummary, Video } from '@paddock/contracts/api/content';
import { CircleCheck, ListVideo, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Points } from '../../../ui/points.tsx';
import { formatDuration } from '../lib/content-reward.ts';
import { LazyPicture } from '../../../ui/cover-image.tsx';

/** The points an item pays, or a tick once the fan has been paid for it. */
export function RewardChip({ value, done }: { value: number; done: boolean }) {
  const { t } = useTranslation('content');
  if (done) {
    return (
      <span className="inline-flex w-fit items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-muted">
        <CircleCheck className="size-3.5 text-accent" aria-hidden />
        {t('earnedChip')}
      </span>
    );
  }
  if (value <= 0) return null;
  return (
    <span className="w-fit rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white">
      +<Points value={value} />
    </span>
  );
}

export function VideoCard({ video, layout = 'row' }: { video: Video; layout?: 'row' | 'tile' }) {
  const { t } = useTranslation('content');
  return (
    <Link
      to={paths.video(video.id)}
      className={`group flex gap-3 rounded-2xl focus-visible:outline-2 focus-visible:outline-accent ${
        layout === 'tile' ? 'w-60 shrink-0 flex-col' : 'items-center'
      }`}
    >
      <div
        className={`relative shrink-0 overflow-hidden rounded-xl border border-line bg-surface-2 ${
          layout === 'tile' ? 'aspect-video w-full' : 'aspect-video w-36'
        }`}
      >
        <LazyPicture
          src={video.thumbnailSrc}
          className="size-full object-cover transition group-hover:scale-105"
        />
        <span className="absolute inset-0 grid place-items-center">
          <span className="grid size-10 place-items-center rounded-full bg-black/60">
            <Play className="size-5 fill-white" aria-hidden />
          </span>
        </span>
        <span className="absolute right-1.5 bottom-1.5 rounded bg-black/75 px-1.5 text-xs tabular-nums">
          <span className="sr-only">{t('duration')} </span>
          {formatDuration(video.durationSeconds)}
        </span>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="line-clamp-2 font-semibold leading-snug">{video.name}</p>
        <RewardChip value={video.value} done={video.viewed} />
      </div>
    </Link>
  );
}

export function PlaylistCard({ playlist }: { playlist: PlaylistSummary }) {
  const { t } = useTranslation('content');
  return (
    <Link
      to={paths.playlist(playlist.id)}
      className="relative flex aspect-[16/10] w-60 shrink-0 flex-col justify-end overflow-hidden rounded-2xl border border-line bg-surface-2 p-3 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <LazyPicture src={playlist.coverSrc} className="absolute inset-0 size-full object-cover" />
      <span className="absolute inset-0 bg-gradient-to-t from-black/90 via-black/30 to-transparent" />
      <span className="relative flex flex-col gap-1">
        <span className="font-display text-lg leading-tight font-bold">{playlist.name}</span>
        <span className="flex items-center gap-1 text-xs text-white/80">
          <ListVideo className="size-3.5" aria-hidden />
          {t('videoCount', { count: playlist.videoIds.length })}
        </span>
      </span>
    </Link>
  );
}

export function ArticleCard({ article }: { article: Article }) {
  const { i18n } = useTranslation('content');
  return (
    <Link
      to={paths.article(article.id)}
      className="flex gap-3 rounded-2xl border border-line bg-surface p-3 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-surface-2">
        <LazyPicture src={article.coverSrc} />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="line-clamp-2 font-semibold leading-snug">{article.title}</p>
        <p className="text-xs text-muted">
          {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
            new Date(article.publishedAt),
          )}
        </p>
        <RewardChip value={article.value} done={article.read} />
      </div>
    </Link>
  );
}
