import { useTranslation } from 'react-i18next';
import { Panel } from '../../../ui/console/page.tsx';
import type { ChallengeDraft } from './challenge-draft.ts';

/** What the preview reads of the edit form's draft (unsaved). */
export type ChallengePreviewDraft = Omit<ChallengeDraft, 'hideResultsUntilClose' | 'keyword'>;

const asDate = (iso: string | null) => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** The most a fan can earn, as the fan's card shows it (the server's maxPoints for the saved challenge). */
function topPoints(d: ChallengePreviewDraft): number {
  const max = (xs: number[]) => (xs.length ? Math.max(...xs.map((x) => x || 0)) : 0);
  switch (d.subtype) {
    case 'poll':
    case 'pickem':
      return max(d.options.map((o) => o.points));
    case 'trivia':
      // Each question is worth its right answer's points (product §4 trivia).
      return d.questions.reduce(
        (sum, q) => sum + max(q.options.filter((o) => o.isCorrect).map((o) => o.points)),
        0,
      );
    case 'keyword':
      return d.points || 0;
    case 'arcade':
      return max(d.arcadeBrackets.map((b) => b.points));
  }
}

/**
 * A fan's-eye view of the challenge being edited, before it is saved (product §11.2). Built
 * from console pieces only (the fan card answers, times and posts; a preview must not), so it
 * mirrors the fan card's content (title, picture, choices, points, window) rather than reusing it.
 */
export function ChallengePreview({ draft }: { draft: ChallengePreviewDraft }) {
  const { t, i18n } = useTranslation('challenges-console');
  const format = (d: Date) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  const from = asDate(draft.visibleFrom);
  const until = asDate(draft.expiresOn);
  const untitled = <span className="italic text-muted">{t('preview.untitled')}</span>;
  const choice = (text: string, points: number | null, key: number) => (
    <li
      key={key}
      className="flex items-center justify-between gap-2 rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm"
    >
      <span>{text.trim() || untitled}</span>
      {points !== null && (
        <span className="shrink-0 font-semibold text-accent">{t('preview.points', { count: points })}</span>
      )}
    </li>
  );

  return (
    <Panel title={t('preview.title')}>
      <p className="mb-3 text-xs text-muted">{t('preview.hint')}</p>
      <article
        data-testid="challenge-preview"
        aria-label={t('preview.title')}
        className="flex flex-col gap-3 overflow-hidden rounded-2xl border border-line bg-bg"
      >
        {draft.mediaId && (
          <img src={`/files/${draft.mediaId}`} alt="" className="aspect-video w-full object-cover" />
        )}
        <div className="flex flex-col gap-3 p-4 pt-0 first:pt-4">
          <div className="flex items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wide">
            <span className="text-muted">{t(`subtypes.${draft.subtype}`)}</span>
            <span className="rounded-full border border-accent px-2 py-0.5 text-white">
              {t('preview.upTo', { count: topPoints(draft) })}
            </span>
          </div>
          <h3 className="font-display text-xl font-black uppercase">{draft.title.trim() || untitled}</h3>
          {draft.description.trim() && <p className="text-sm text-muted">{draft.description}</p>}
          {(draft.subtype === 'poll' || draft.subtype === 'pickem') && (
            <ul className="flex flex-col gap-2">
              {draft.options.map((o, i) => choice(o.text, o.points, i))}
            </ul>
          )}
          {draft.subtype === 'trivia' && (
            <ol className="flex flex-col gap-3">
              {draft.questions.map((q, qi) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the form's order
                <li key={qi} className="flex flex-col gap-2">
                  <p className="text-sm font-semibold">
                    {t('preview.questionOf', { n: qi + 1, total: draft.questions.length })}:{' '}
                    {q.text.trim() || untitled}
                  </p>
                  {/* A fan never sees which answer is right, nor per-answer points (no answer leak). */}
                  <ul className="flex flex-col gap-2">{q.options.map((o, i) => choice(o.text, null, i))}</ul>
                </li>
              ))}
            </ol>
          )}
          {draft.subtype === 'keyword' && (
            <p className="rounded-xl border border-dashed border-line px-3 py-2 text-sm text-muted">
              {t('preview.keywordPrompt')}
            </p>
          )}
          {draft.subtype === 'arcade' && (
            <ul className="flex flex-col gap-2">
              {draft.arcadeBrackets.map((b, i) => choice(t('preview.bracket', { ms: b.maxMs }), b.points, i))}
            </ul>
          )}
          <p className="text-xs text-muted" data-testid="challenge-preview-window">
            {from && until
              ? t('preview.window', { from: format(from), until: format(until) })
              : from
                ? t('preview.openEnded', { from: format(from) })
                : t('preview.noWindow')}
          </p>
        </div>
      </article>
    </Panel>
  );
}
