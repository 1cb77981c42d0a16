import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { SkeletonStack } from './detail-state.tsx';
import { paths } from '../config/paths.ts';
import { EmptyState } from './empty-state.tsx';
import { Section } from './section.tsx';
import { SweepstakeTile } from './sweepstake-tile.tsx';

const TWO_TILES = ['h-56 w-60 shrink-0', 'h-56 w-60 shrink-0'];

/**
 * The open sweepstakes (coming soon or live, not ended) as a horizontal rail of tiles (product
 * §6): placeholders while they load, a note when none is open. `inset` pads the placeholders
 * and the note like the rail's own edge; the list and item classes let a screen lay the rail
 * out as a grid on wide screens.
 */
export function SweepstakeRail({
  query,
  empty,
  listClassName,
  itemClassName = 'flex',
  inset = 'px-4',
  placeholders = TWO_TILES,
}: {
  /** The sweepstakes query (`sweepstakesQueryOptions`): its state and its list. */
  query: { isPending: boolean; data?: Sweepstake[] };
  empty: string;
  listClassName: string;
  itemClassName?: string;
  inset?: string;
  placeholders?: readonly string[];
}) {
  if (query.isPending)
    return <SkeletonStack className={`flex gap-3 overflow-hidden ${inset}`} shapes={placeholders} />;
  const open = (query.data ?? []).filter((s) => s.status !== 'ended');
  if (open.length === 0) {
    return (
      <div className={inset}>
        <EmptyState title={empty} />
      </div>
    );
  }
  return (
    <ul className={listClassName}>
      {open.map((s) => (
        <li key={s.sweepstakeId} className={itemClassName}>
          <SweepstakeTile sweepstake={s} />
        </li>
      ))}
    </ul>
  );
}

/** The dashboards' sweepstakes block: a titled section linking to every draw, over the rail. */
export function SweepstakesSection({
  title,
  id,
  moreLabel,
  ...rail
}: { title: string; id: string; moreLabel: string } & Parameters<typeof SweepstakeRail>[0]) {
  return (
    <Section title={title} id={id} more={{ to: paths.sweepstakes, label: moreLabel }}>
      <SweepstakeRail {...rail} />
    </Section>
  );
}
