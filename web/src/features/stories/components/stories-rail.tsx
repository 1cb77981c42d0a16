import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { storiesQueryOptions } from '../api/story-list-api.ts';
import { LazyPicture } from '../../../ui/cover-image.tsx';

const RING: Record<string, string> = {
  live: 'bg-[conic-gradient(var(--brand-primary),var(--brand-accent),var(--brand-primary))]',
  sponsored: 'bg-amber-400',
  watched: 'bg-line',
  default: 'bg-accent',
};

/** The stories rail: one bubble per story, ringed by its type (product §3), opening /stories/:id. */
export function StoriesRail() {
  const { t } = useTranslation('stories');
  const stories = useQuery(storiesQueryOptions);

  // The bubbles with their title line (the rail's height), so the cards below stay put when the
  // stories arrive (decision 021).
  if (stories.isPending) {
    return (
      <div className="flex gap-3 overflow-hidden px-4 pb-1" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="flex w-[76px] shrink-0 flex-col items-center gap-1.5">
            <Skeleton className="size-[72px] rounded-full!" />
            <Skeleton className="h-4 w-14" />
          </div>
        ))}
      </div>
    );
  }
  const list = stories.data?.stories ?? [];
  if (list.length === 0) return null;

  return (
    <nav aria-label={t('rail')}>
      <ul className="flex gap-3 overflow-x-auto px-4 pb-1">
        {list.map((story) => (
          <li key={story.id} className="w-[76px] shrink-0">
            <Link to={paths.story(story.id)} className="flex flex-col items-center gap-1.5">
              <span
                className={`grid size-[72px] place-items-center rounded-full p-[3px] ${RING[story.type] ?? RING.default}`}
              >
                <span className="grid size-full place-items-center overflow-hidden rounded-full border-2 border-bg bg-surface-2">
                  {story.coverSrc ? (
                    <LazyPicture src={story.coverSrc} />
                  ) : (
                    <span className="font-display text-lg font-black">{story.title.slice(0, 1)}</span>
                  )}
                </span>
              </span>
              <span
                className={`w-full truncate text-center text-xs ${story.viewed ? 'text-muted' : 'font-semibold'}`}
              >
                {story.type === 'live' ? <span className="text-brand">● </span> : null}
                {story.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
