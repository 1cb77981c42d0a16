import { useTranslation } from 'react-i18next';

/**
 * The small "live" badge of a live screen: green while joined, grey while (re)connecting or
 * down — the screen then refreshes on the periodic schedule (product §9.3).
 */
export function LiveIndicator({ state }: { state: 'connecting' | 'live' | 'offline' }) {
  const { t } = useTranslation();
  const on = state === 'live';
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-neutral-500"
      data-testid="live-indicator"
      data-state={state}
      role="status"
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${on ? 'bg-emerald-500' : 'bg-neutral-400'}`}
      />
      {t(`live.${state}`)}
    </span>
  );
}
