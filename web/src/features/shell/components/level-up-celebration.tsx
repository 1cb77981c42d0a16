import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dismissLevelUp, useLevelUp } from '../../../lib/user.ts';
import { Button } from '../../../ui/button.tsx';
import { useModalDialog } from '../../../ui/use-modal-dialog.ts';

/** Product §4: when the rank name changes after a user refresh, celebrate it. */
export function LevelUpCelebration() {
  const { t } = useTranslation('shell');
  const levelUp = useLevelUp();
  const dialog = useModalDialog(Boolean(levelUp));

  return (
    <dialog
      ref={dialog}
      onClose={dismissLevelUp}
      aria-labelledby="level-up-title"
      className="level-up m-auto w-[min(22rem,calc(100vw-2rem))] rounded-3xl border border-line bg-surface p-6 text-center text-white backdrop:bg-black/70"
    >
      {levelUp && (
        <div className="flex flex-col items-center gap-3">
          <span className="grid size-20 place-items-center rounded-full bg-brand shadow-[0_0_40px_var(--brand-primary)]">
            <Trophy className="size-10" aria-hidden />
          </span>
          <p className="font-display text-sm font-bold tracking-[0.2em] text-accent uppercase">
            {t('levelUp.kicker')}
          </p>
          <h2 id="level-up-title" className="font-display text-3xl font-black uppercase">
            {levelUp.to}
          </h2>
          <p className="text-muted">
            {t('levelUp.body', { from: levelUp.from, to: levelUp.to, code: levelUp.code })}
          </p>
          <Button full onClick={dismissLevelUp}>
            {t('levelUp.cta')}
          </Button>
        </div>
      )}
    </dialog>
  );
}
