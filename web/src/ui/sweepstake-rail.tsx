import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { SkeletonStack } from './detail-state.tsx';
import { EmptyState } from './empty-state.tsx';
import { SweepstakeTile } from './sweepstake-tile.tsx';

const TWO_TILES = ['h-56 w-60 shrink-0', 'h-56 w-60 shrink-0'];

/**
 * Open sweepstakes as a horizontal rail of tiles (product §6): placeholders while they load, a
 * note when none is open. `inset` pads the placeholders and the note like the rail's own edge;
 * the list and item classes let a screen lay the rail out as a grid on wide screens.
 */
export function SweepstakeRail({
  pending,
  sweepstakes,
  empty,
  listClassName,
  itemClassName = 'flex',
  inset = 'px-4',
  placeholders = TWO_TILES,
}: {
  pending: boolean;
  sweepstakes: Sweepstake[];
  empty: string;
  listClassName: string;
  itemClassName?: string;
  inset?: string;
  placeholders?: readonly string[];
}) {
  if (pending)
    return <SkeletonStack className={`flex gap-3 overflow-hidden ${inset}`} shapes={placeholders} />;
  if (sweepstakes.length === 0) {
    return (
      <div className={inset}>
        <EmptyState title={empty} />
      </div>
    );
  }
  return (
    <ul className={listClassName}>
      {sweepstakes.map((s) => (
        <li key={s.sweepstakeId} className={itemClassName}>
          <SweepstakeTile sweepstake={s} />
        </li>
      ))}
    </ul>
  );
}
