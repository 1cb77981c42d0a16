import type { Challenge } from '@paddock/contracts/api/challenges';
import { CheckCircle2, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { Points } from './points.tsx';
import { LazyPicture } from './cover-image.tsx';
import { EmptyState } from './empty-state.tsx';
import { Section } from './section.tsx';
import { Skeleton } from './skeleton.tsx';

/** One challenge in a list: what it is, what it pays, whether the fan has done it. */
export function ChallengeTile({ challenge, to }: { challenge: Challenge; to?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to ?? paths.challenge(challenge.subtype, challenge.challengeId)}
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 transition hover:border-white/30"
    >
      <span className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-xl bg-surface-2 font-display text-xs font-black text-accent uppercase">
        {challenge.imageUrl ? <LazyPicture src={challenge.imageUrl} /> : t(`subtypes.${challenge.subtype}`)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold tracking-wide text-accent uppercase">
          {t(`subtypes.${challenge.subtype}`)}
        </span>
        <span className="block truncate font-semibold">{challenge.title}</span>
        {challenge.maxPoints > 0 && (
          <span className="text-sm text-muted">
            {t('upTo')} <Points value={challenge.maxPoints} />
          </span>
        )}
      </span>
      {challenge.completed ? (
        <CheckCircle2 className="size-5 shrink-0 text-accent" aria-label={t('done')} />
      ) : (
        <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
      )}
    </Link>
  );
}

/**
 * The dashboards' challenge block: a titled section linking to every challenge, its tiles in a
 * column, three placeholders while the list loads, the empty note when nothing is left to do.
 */
export function ChallengesSection({
  title,
  id,
  moreLabel,
  pending,
  challenges,
  empty,
}: {
  title: string;
  id: string;
  moreLabel: string;
  pending: boolean;
  challenges: Challenge[];
  empty: { title: string; description?: string };
}) {
  return (
    <Section title={title} id={id} more={{ to: paths.challenges, label: moreLabel }}>
      <div className="flex flex-col gap-2 px-4">
        {pending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-[74px] w-full" />)
        ) : challenges.length === 0 ? (
          <EmptyState {...empty} />
        ) : (
          challenges.map((c) => <ChallengeTile key={c.challengeId} challenge={c} />)
        )}
      </div>
    </Section>
  );
}
