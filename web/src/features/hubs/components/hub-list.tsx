import type { Challenge } from '@paddock/contracts/api/challenges';
import { ChallengeTile } from '../../../ui/challenge-tile.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { CardList } from '../../../ui/card-list.tsx';

/** A titled list of challenge tiles with its skeleton and empty state. */
export function HubList({
  title,
  items,
  pending,
  empty,
}: {
  title: string;
  items: Challenge[];
  pending: boolean;
  empty: string;
}) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="font-display text-xl font-bold">{title}</h2>
      {pending ? (
        [0, 1].map((i) => <Skeleton key={i} className="h-[74px]" />)
      ) : items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <CardList items={items} itemKey={(c) => c.challengeId} gap={2}>
          {(c) => <ChallengeTile challenge={c} />}
        </CardList>
      )}
    </section>
  );
}
