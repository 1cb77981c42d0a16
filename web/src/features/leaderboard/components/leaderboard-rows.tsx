import type { LeaderboardEntry } from '@paddock/contracts/api/leaderboard';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';

/** Ranked rows; the fan's own row is highlighted and says "you". */
export function LeaderboardRows({ entries, testId }: { entries: LeaderboardEntry[]; testId: string }) {
  const { t, i18n } = useTranslation('leaderboard');
  return (
    <ol
      className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
      data-testid={testId}
    >
      {entries.map((e) => (
        <li
          key={`${e.position}-${e.username}`}
          className={`flex min-h-14 items-center gap-3 px-4 py-2 ${e.isMe ? 'bg-accent/15 font-semibold' : ''}`}
          aria-current={e.isMe ? 'true' : undefined}
          data-me={e.isMe ? 'true' : undefined}
        >
          <span className="w-12 shrink-0 text-right font-display text-lg font-black tabular-nums text-muted">
            {formatNumber(e.position, i18n.language)}
          </span>
          <Avatar src={e.avatarUrl} name={e.anonymous ? '#' : e.username} size={36} />
          <span className="min-w-0 flex-1 truncate">
            {e.username}
            {e.isMe && <span className="ml-2 text-xs font-bold text-accent uppercase">{t('you')}</span>}
          </span>
          <span className="font-display text-lg font-black tabular-nums">
            {t('points', { points: formatNumber(e.points, i18n.language) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
