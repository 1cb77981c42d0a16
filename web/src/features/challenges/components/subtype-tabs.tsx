import { CHALLENGE_SUBTYPES } from '@paddock/contracts';
import { Brain, Gamepad2, KeyRound, Target, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

const icons = { poll: Vote, pickem: Target, arcade: Gamepad2, trivia: Brain, keyword: KeyRound } as const;

/** The five subtype tabs of /challenges/{subtype}; a scrollable row so it fits a 360 px phone. */
export function SubtypeTabs({ current }: { current: string }) {
  const { t } = useTranslation('challenges');
  return (
    <nav aria-label={t('tabs.label')} className="-mx-4 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
      <ul className="flex min-w-max gap-2">
        {CHALLENGE_SUBTYPES.map((subtype) => {
          const Icon = icons[subtype];
          const active = subtype === current;
          return (
            <li key={subtype}>
              <Link
                to={paths.challengeList(subtype)}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-accent ${
                  active
                    ? 'border-brand bg-brand text-white'
                    : 'border-line bg-surface text-muted hover:text-white'
                }`}
              >
                <Icon className="size-4" aria-hidden />
                {t(`subtypes.${subtype}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
