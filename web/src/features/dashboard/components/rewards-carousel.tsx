import type { CarouselItem } from '@paddock/contracts/api/carousel';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUpRight, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFirstScreenShown } from '../../../lib/first-screen.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useMe } from '../../../lib/user.ts';
import { Points } from '../../../ui/points.tsx';
import { Section } from '../../../ui/section.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { carouselQueryOptions, dismissCarouselItem } from '../api/dashboard-queries.ts';
import { LazyPicture } from '../../../ui/cover-image.tsx';

/**
 * The cards and their placeholders share these, so the placeholders hold the room the cards take
 * and nothing below moves when the rewards arrive (at 1366 px the grid pushed the live challenges
 * out of view, decision 033): a card is its picture (16:9 of its width) and a text block of one
 * height, two lines of title, two of description and the link (every line's height is fixed).
 */
const LIST = 'flex gap-3 px-4 pb-2 lg:grid lg:grid-cols-2 lg:overflow-visible';
const ITEM = 'w-72 shrink-0 lg:w-auto';
const TEXT_BLOCK = 'flex min-h-36 flex-col p-3';

const COUNT_KEY = 'paddock:rewards-count';
/** The fixed items a fan sees before dismissing any (product §10.9): the first visit's guess. */
const SHIPPED_ITEMS = 5;

/** How many cards this device showed last time: the placeholders' number (dismissals and the age gate shorten the list). */
function rememberedCount(): number {
  try {
    const stored = Number.parseInt(localStorage.getItem(COUNT_KEY) ?? '', 10);
    return Number.isInteger(stored) && stored >= 0 && stored <= 20 ? stored : SHIPPED_ITEMS;
  } catch {
    return SHIPPED_ITEMS; // storage refused
  }
}

function rememberCount(count: number) {
  try {
    localStorage.setItem(COUNT_KEY, String(count));
  } catch {
    // Storage full or refused: the next visit guesses again.
  }
}

/** The section's shape while the rewards load: the title's line and one placeholder per card. */
function RewardsSkeleton({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div aria-hidden className="flex flex-col gap-3" data-testid="rewards-skeleton">
      <div className="flex px-4">
        <Skeleton className="h-7 w-32" />
      </div>
      <div className={`${LIST} overflow-hidden`}>
        {Array.from({ length: count }, (_, i) => `placeholder-${i}`).map((key) => (
          <div
            key={key}
            className={`${ITEM} flex flex-col overflow-hidden rounded-2xl border border-line bg-surface`}
          >
            <Skeleton className="aspect-video rounded-none!" />
            <div className={TEXT_BLOCK} />
          </div>
        ))}
      </div>
    </div>
  );
}

function isExternal(url: string) {
  return /^https?:\/\//.test(url);
}

/** The rewards carousel (product §3): fixed items linking to /media, /benefits, /contests, the shop, /cars; dismissible. */
export function RewardsCarousel() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  // Below the fold on a phone: asked for once the first screen is drawn (decision 021).
  const items = useQuery({ ...carouselQueryOptions, enabled: useFirstScreenShown() });
  const me = useMe();
  const dismiss = useMutation({
    mutationFn: dismissCarouselItem,
    // Optimistic: the card goes at once; it comes back if the server refuses.
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.carousel });
      const previous = queryClient.getQueryData<CarouselItem[]>(queryKeys.carousel);
      queryClient.setQueryData<CarouselItem[]>(queryKeys.carousel, (old) => old?.filter((i) => i.id !== id));
      return { previous };
    },
    onError: (_e, _id, ctx) => queryClient.setQueryData(queryKeys.carousel, ctx?.previous),
  });

  // Product §2/§3: age-gated rewards are never offered to an under-18 fan (the server filters too).
  const visible = (items.data ?? []).filter((item) => !(item.underageGate && me.data?.underage));
  const answered = !items.isPending;
  useEffect(() => {
    if (answered) rememberCount(visible.length);
  }, [answered, visible.length]);

  if (items.isPending) return <RewardsSkeleton count={rememberedCount()} />;
  if (visible.length === 0) return null;

  return (
    <Section title={t('carousel.title')} id="rewards">
      {/* A swipeable row on phones; a grid on wide screens, where a row would be cut off at the edge. */}
      <ul className={`${LIST} snap-x scroll-px-4 snap-mandatory overflow-x-auto`}>
        {visible.map((item) => {
          const content = (
            <>
              <span className="relative block aspect-video bg-surface-2">
                <LazyPicture src={item.image} />
                {item.points != null && item.points > 0 && (
                  <span className="absolute bottom-2 left-2 rounded-full bg-black/75 px-2 py-0.5 text-xs font-bold">
                    +<Points value={item.points} />
                  </span>
                )}
                {item.isAd && (
                  <span className="absolute top-2 left-2 rounded bg-black/75 px-1.5 py-0.5 text-[10px] font-bold uppercase">
                    {t('carousel.ad')}
                  </span>
                )}
              </span>
              <span className={`${TEXT_BLOCK} flex-1 gap-1`}>
                <span className="line-clamp-2 font-semibold">{item.title}</span>
                <span className="line-clamp-2 text-sm text-muted">{item.description}</span>
                <span className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-bold text-accent">
                  {item.cta}
                  {isExternal(item.url) && <ArrowUpRight className="size-4" aria-hidden />}
                </span>
              </span>
            </>
          );
          const className = 'flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface';
          return (
            <li key={item.id} className={`${ITEM} relative snap-start`}>
              {isExternal(item.url) ? (
                <a href={item.url} target="_blank" rel="noopener noreferrer" className={className}>
                  {content}
                </a>
              ) : (
                <Link to={item.url} className={className}>
                  {content}
                </Link>
              )}
              <button
                type="button"
                onClick={() => dismiss.mutate(item.id)}
                aria-label={t('carousel.dismiss', { title: item.title })}
                className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-black/70 text-white hover:bg-black"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
