import type { CarouselItem } from '@paddock/contracts/api/carousel';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUpRight, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useMe } from '../../../lib/user.ts';
import { Points } from '../../../ui/points.tsx';
import { Section } from '../../../ui/section.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { carouselQueryOptions, dismissCarouselItem } from '../api/dashboard-queries.ts';
import { LazyPicture } from '../../../ui/cover-image.tsx';

function isExternal(url: string) {
  return /^https?:\/\//.test(url);
}

/** The rewards carousel (product §3): fixed items linking to /media, /benefits, /contests, the shop, /cars; dismissible. */
export function RewardsCarousel() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const items = useQuery(carouselQueryOptions);
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

  if (items.isPending) {
    return (
      <div className="flex gap-3 overflow-hidden px-4">
        <Skeleton className="h-44 w-72 shrink-0" />
        <Skeleton className="h-44 w-72 shrink-0" />
      </div>
    );
  }
  // Product §2/§3: age-gated rewards are never offered to an under-18 fan (the server filters too).
  const visible = (items.data ?? []).filter((item) => !(item.underageGate && me.data?.underage));
  if (visible.length === 0) return null;

  return (
    <Section title={t('carousel.title')} id="rewards">
      {/* A swipeable row on phones; a grid on wide screens, where a row would be cut off at the edge. */}
      <ul className="flex snap-x scroll-px-4 snap-mandatory gap-3 overflow-x-auto px-4 pb-2 lg:grid lg:grid-cols-2 lg:overflow-visible">
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
              <span className="flex flex-1 flex-col gap-1 p-3">
                <span className="font-semibold">{item.title}</span>
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
            <li key={item.id} className="relative w-72 shrink-0 snap-start lg:w-auto">
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
