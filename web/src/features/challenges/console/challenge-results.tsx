import type { AdminChallenge } from '@paddock/contracts/api/challenges';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { challengeConsoleApi, challengeConsoleKeys } from './challenge-console-api.ts';

/** How fans answered: votes per option, or right answers per trivia question (product §11.2). */
export function ChallengeResults({ challenge }: { challenge: AdminChallenge }) {
  const { t } = useTranslation('challenges-console');
  const results = useQuery({
    queryKey: challengeConsoleKeys.results(challenge.challengeId),
    queryFn: () => challengeConsoleApi.results(challenge.challengeId),
  });
  const r = results.data;
  return (
    <Panel title={t('challenge.results', { count: r?.totalResponses ?? challenge.responseCount })}>
      <ErrorNote error={results.error} />
      {r && r.options.length === 0 && r.questions.length === 0 && (
        <p className="text-sm text-muted">{t('challenge.noResults')}</p>
      )}
      <ul className="flex flex-col gap-2" data-testid="challenge-results">
        {r?.options.map((o) => (
          <li key={o.index} className="flex flex-col gap-1">
            <span className="flex justify-between gap-2 text-sm">
              <span>{o.text}</span>
              <span className="font-semibold">
                {t('challenge.votes', { count: o.votes, percent: o.percent })}
              </span>
            </span>
            <span className="h-2 rounded-full bg-surface-2">
              <span className="block h-2 rounded-full bg-accent" style={{ width: `${o.percent}%` }} />
            </span>
          </li>
        ))}
        {r?.questions.map((q) => (
          <li key={q.questionId} className="flex justify-between gap-2 text-sm">
            <span>{q.text}</span>
            <span className="font-semibold">
              {t('challenge.triviaResult', { correct: q.correct, answers: q.answers })}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
