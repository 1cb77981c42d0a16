import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Score = 0 | 1 | 2 | 3 | 4;
type Scorer = (password: string, userInputs?: string[]) => Score;

let scorer: Promise<Scorer> | null = null;
/** Loads zxcvbn-ts on first use only (decision 030): the landing page stays within its budget. */
const loadScorer = () => {
  scorer ??= import('../lib/password-strength.ts').then((m) => m.passwordScore);
  return scorer;
};

const LEVELS = ['veryWeak', 'weak', 'fair', 'strong', 'veryStrong'] as const;
const COLOURS = ['bg-red-600', 'bg-orange-500', 'bg-yellow-500', 'bg-lime-600', 'bg-green-700'];

/**
 * A strength meter under a new-password field: zxcvbn's score in five steps, announced politely
 * to screen readers. It advises only; the server decides (422 weak_password, auth-compat §8).
 */
export function PasswordMeter({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const { t } = useTranslation('auth');
  const [score, setScore] = useState<Score | null>(null);
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let live = true;
    loadScorer()
      .then((score) => {
        if (live) setScore(score(password, inputs ? inputs.split('\n') : []));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [password, inputs]);

  if (score === null) return null;
  const label = t(`strength.${LEVELS[score]}`);
  return (
    <div className="mt-1" data-testid="password-strength" data-score={score}>
      <div className="flex gap-1" aria-hidden="true">
        {LEVELS.map((level, i) => (
          <span
            key={level}
            className={`h-1 flex-1 rounded ${i <= score ? COLOURS[score] : 'bg-neutral-300'}`}
          />
        ))}
      </div>
      <p className="mt-1 text-sm" aria-live="polite">
        {t('strength.label', { level: label })}
      </p>
    </div>
  );
}
