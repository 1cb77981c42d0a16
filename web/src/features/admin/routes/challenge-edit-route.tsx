import type { AdminChallenge, AdminChallengeInput, SettleResult } from '@paddock/contracts/api/challenges';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import {
  AdminPage,
  Check,
  ErrorNote,
  Field,
  fromLocalInput,
  Panel,
  Select,
  TextArea,
  toLocalInput,
} from '../components/admin-ui.tsx';
import { ChallengePreview } from '../components/challenge-preview.tsx';
import { MediaUpload } from '../components/media-upload.tsx';
import { SUBTYPES } from './challenges-route.tsx';

type Subtype = (typeof SUBTYPES)[number];
interface OptionDraft {
  text: string;
  points: number;
  isCorrect?: boolean;
}
interface QuestionDraft {
  text: string;
  options: OptionDraft[];
}
interface Draft {
  subtype: Subtype;
  title: string;
  description: string;
  mediaId: string | null;
  visibleFrom: string;
  expiresOn: string;
  hideResultsUntilClose: boolean;
  options: OptionDraft[];
  questions: QuestionDraft[];
  keyword: string;
  points: number;
  arcadeBrackets: { maxMs: number; points: number }[];
}

const blankOptions = (): OptionDraft[] => [
  { text: '', points: 10 },
  { text: '', points: 10 },
];
const newDraft = (): Draft => ({
  subtype: 'poll',
  title: '',
  description: '',
  mediaId: null,
  visibleFrom: toLocalInput(new Date().toISOString()),
  expiresOn: toLocalInput(new Date(Date.now() + 7 * 86_400_000).toISOString()),
  hideResultsUntilClose: false,
  options: blankOptions(),
  questions: [{ text: '', options: blankOptions().map((o, i) => ({ ...o, isCorrect: i === 0 })) }],
  keyword: '',
  points: 25,
  arcadeBrackets: [
    { maxMs: 250, points: 50 },
    { maxMs: 400, points: 25 },
    { maxMs: 1000, points: 10 },
  ],
});

const fromChallenge = (c: AdminChallenge): Draft => ({
  ...newDraft(),
  subtype: c.subtype,
  title: c.title,
  description: c.description,
  mediaId: c.mediaId,
  visibleFrom: toLocalInput(c.visibleFrom),
  expiresOn: toLocalInput(c.expiresOn),
  hideResultsUntilClose: c.hideResultsUntilClose,
  options: c.options.length ? c.options.map((o) => ({ text: o.text, points: o.points })) : blankOptions(),
  questions: c.questions.length
    ? c.questions.map((q) => ({
        text: q.text,
        options: q.options.map((o) => ({ text: o.text, points: o.points, isCorrect: o.isCorrect })),
      }))
    : newDraft().questions,
  keyword: c.keyword ?? '',
  points: c.points ?? 25,
  arcadeBrackets: c.arcadeBrackets ?? newDraft().arcadeBrackets,
});

function toInput(d: Draft): AdminChallengeInput {
  const base = {
    subtype: d.subtype,
    title: d.title,
    description: d.description,
    mediaId: d.mediaId,
    visibleFrom: fromLocalInput(d.visibleFrom) ?? new Date().toISOString(),
    expiresOn: fromLocalInput(d.expiresOn),
    hideResultsUntilClose: d.hideResultsUntilClose,
  };
  switch (d.subtype) {
    case 'poll':
    case 'pickem':
      return { ...base, options: d.options.map(({ text, points }) => ({ text, points })) };
    case 'trivia':
      return { ...base, questions: d.questions };
    case 'keyword':
      return { ...base, keyword: d.keyword, points: d.points };
    case 'arcade':
      return { ...base, arcadeBrackets: d.arcadeBrackets };
  }
}

function OptionRows({
  options,
  onChange,
  correctMode,
  label,
}: {
  options: OptionDraft[];
  onChange: (next: OptionDraft[]) => void;
  correctMode?: boolean;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const set = (i: number, patch: Partial<OptionDraft>) =>
    onChange(
      options.map((o, j) =>
        j === i ? { ...o, ...patch } : correctMode && patch.isCorrect ? { ...o, isCorrect: false } : o,
      ),
    );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{label}</legend>
      {options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their order is their identity
        <div key={i} className="flex flex-wrap items-end gap-2">
          <Field
            label={t('challenge.optionText', { n: i + 1 })}
            value={o.text}
            onChange={(e) => set(i, { text: e.target.value })}
            className="min-w-48 flex-1"
            required
          />
          <Field
            label={t('challenge.points')}
            type="number"
            min={0}
            value={o.points}
            onChange={(e) => set(i, { points: Number(e.target.value) })}
            className="w-24"
          />
          {correctMode && (
            <Check
              label={t('challenge.correct')}
              checked={Boolean(o.isCorrect)}
              onChange={(on) => set(i, { isCorrect: on })}
            />
          )}
          {options.length > 2 && (
            <Button
              variant="ghost"
              className="min-h-8 px-2 text-xs"
              onClick={() => onChange(options.filter((_, j) => j !== i))}
            >
              {t('common.remove')}
            </Button>
          )}
        </div>
      ))}
      {options.length < 8 && (
        <Button
          variant="secondary"
          className="self-start text-sm"
          onClick={() =>
            onChange([
              ...options,
              { text: '', points: correctMode ? 10 : (options[0]?.points ?? 0), isCorrect: false },
            ])
          }
        >
          {t('challenge.addOption')}
        </Button>
      )}
    </fieldset>
  );
}

function Settlement({ challenge }: { challenge: AdminChallenge }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState(String(challenge.outcome ?? 0));
  const [preview, setPreview] = useState<SettleResult | null>(null);
  const run = useMutation({
    meta: { silent: true },
    mutationFn: (asPreview: boolean) => adminApi.settle(challenge.challengeId, Number(outcome), asPreview),
    onSuccess: (result) => {
      if (result.preview) {
        setPreview(result);
        return;
      }
      setPreview(null);
      toast({ title: t('settle.done', { count: result.fansPaid, points: result.pointsPaid }) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  return (
    <Panel title={t('settle.title')}>
      <div className="flex flex-wrap items-end gap-2">
        <Select
          label={t('settle.outcome')}
          value={outcome}
          onChange={(e) => {
            setOutcome(e.target.value);
            setPreview(null);
          }}
          options={challenge.options.map((o) => ({ value: String(o.index), label: o.text }))}
        />
        <Button
          variant="secondary"
          loading={run.isPending && run.variables === true}
          onClick={() => run.mutate(true)}
        >
          {t('settle.preview')}
        </Button>
      </div>
      {challenge.settledAt && (
        <p className="mt-2 text-sm text-muted">
          {t('settle.current', {
            option: challenge.options.find((o) => o.index === challenge.outcome)?.text ?? '—',
          })}
        </p>
      )}
      {preview && (
        <div
          className="mt-3 flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3"
          data-testid="settle-preview"
        >
          <p>{t('settle.wouldPay', { count: preview.fansPaid, points: preview.pointsPaid })}</p>
          {preview.fansReversed > 0 && (
            <p className="text-red-200">
              {t('settle.wouldReverse', { count: preview.fansReversed, points: preview.pointsReversed })}
            </p>
          )}
          <Button
            loading={run.isPending && run.variables === false}
            onClick={() => run.mutate(false)}
            className="self-start"
          >
            {t('settle.confirm')}
          </Button>
        </div>
      )}
      <ErrorNote error={run.error} />
    </Panel>
  );
}

function Results({ challenge }: { challenge: AdminChallenge }) {
  const { t } = useTranslation('admin');
  const results = useQuery({
    queryKey: adminKeys.challengeResults(challenge.challengeId),
    queryFn: () => adminApi.challengeResults(challenge.challengeId),
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

/** Create or edit a challenge of any subtype; results, hidden flag and pick'em settlement (issue 5). */
export default function AdminChallengeEditRoute() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({
    queryKey: [...adminKeys.challenges, id],
    queryFn: () => adminApi.challenge(id ?? ''),
    enabled: Boolean(id),
  });
  const org = useQuery({ queryKey: adminKeys.organization, queryFn: adminApi.organization });
  const [draft, setDraft] = useState<Draft>(newDraft);
  useEffect(() => {
    if (existing.data) setDraft(fromChallenge(existing.data));
  }, [existing.data]);
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () => {
      const input = toInput(draft);
      if (!id) return adminApi.createChallenge(input);
      const { subtype: _fixed, ...patch } = input;
      return adminApi.updateChallenge(id, patch);
    },
    onSuccess: (c) => {
      toast({ title: t('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminKeys.challenges });
      if (!id) navigate(`/admin/challenges/${c.challengeId}`);
    },
  });
  const hidden = org.data?.hiddenChallengeIds.includes(id ?? '') ?? false;
  const toggleHidden = useMutation({
    meta: { silent: true },
    mutationFn: (on: boolean) => {
      const current = org.data?.hiddenChallengeIds ?? [];
      const next = on ? [...new Set([...current, id ?? ''])] : current.filter((x) => x !== id);
      return adminApi.updateOrganization({ hiddenChallengeIds: next });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const c = existing.data;

  return (
    <AdminPage
      title={id ? (c?.title ?? t('challenge.edit')) : t('challenge.create')}
      actions={
        <Link to="/admin/challenges" className="text-sm text-accent">
          ← {t('challenges.title')}
        </Link>
      }
    >
      <ErrorNote error={existing.error} />
      <div className="grid gap-4 xl:grid-cols-[2fr_1fr]">
        <Panel>
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                label={t('challenges.subtype')}
                value={draft.subtype}
                disabled={Boolean(id)}
                onChange={(e) => set('subtype', e.target.value as Subtype)}
                options={SUBTYPES.map((s) => ({ value: s, label: t(`subtypes.${s}`) }))}
              />
              <Field
                label={t('challenge.title')}
                value={draft.title}
                onChange={(e) => set('title', e.target.value)}
                required
              />
              <Field
                label={t('challenge.visibleFrom')}
                type="datetime-local"
                value={draft.visibleFrom}
                onChange={(e) => set('visibleFrom', e.target.value)}
                required
              />
              <Field
                label={t('challenge.expiresOn')}
                type="datetime-local"
                value={draft.expiresOn}
                onChange={(e) => set('expiresOn', e.target.value)}
              />
            </div>
            <TextArea
              label={t('challenge.description')}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
            />
            <MediaUpload
              label={t('preview.image')}
              purpose="image"
              value={draft.mediaId}
              onChange={(mediaId) => set('mediaId', mediaId)}
            />
            {(draft.subtype === 'poll' || draft.subtype === 'pickem') && (
              <>
                <OptionRows
                  label={t('challenge.options')}
                  options={draft.options}
                  onChange={(o) => set('options', o)}
                />
                <Check
                  label={t('challenge.hideResults')}
                  checked={draft.hideResultsUntilClose}
                  onChange={(on) => set('hideResultsUntilClose', on)}
                />
              </>
            )}
            {draft.subtype === 'trivia' &&
              draft.questions.map((q, qi) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: questions are edited in place
                <div key={qi} className="flex flex-col gap-2 rounded-xl border border-line p-3">
                  <Field
                    label={t('challenge.question', { n: qi + 1 })}
                    value={q.text}
                    onChange={(e) =>
                      set(
                        'questions',
                        draft.questions.map((x, j) => (j === qi ? { ...x, text: e.target.value } : x)),
                      )
                    }
                    required
                  />
                  <OptionRows
                    label={t('challenge.options')}
                    correctMode
                    options={q.options}
                    onChange={(options) =>
                      set(
                        'questions',
                        draft.questions.map((x, j) => (j === qi ? { ...x, options } : x)),
                      )
                    }
                  />
                  {draft.questions.length > 1 && (
                    <Button
                      variant="ghost"
                      className="self-start text-xs"
                      onClick={() =>
                        set(
                          'questions',
                          draft.questions.filter((_, j) => j !== qi),
                        )
                      }
                    >
                      {t('challenge.removeQuestion')}
                    </Button>
                  )}
                </div>
              ))}
            {draft.subtype === 'trivia' && draft.questions.length < 10 && (
              <Button
                variant="secondary"
                className="self-start"
                onClick={() =>
                  set('questions', [...draft.questions, newDraft().questions[0] as QuestionDraft])
                }
              >
                {t('challenge.addQuestion')}
              </Button>
            )}
            {draft.subtype === 'keyword' && (
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label={t('challenge.keyword')}
                  value={draft.keyword}
                  onChange={(e) => set('keyword', e.target.value)}
                  required
                />
                <Field
                  label={t('challenge.points')}
                  type="number"
                  min={0}
                  value={draft.points}
                  onChange={(e) => set('points', Number(e.target.value))}
                />
              </div>
            )}
            {draft.subtype === 'arcade' && (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                  {t('challenge.brackets')}
                </legend>
                {draft.arcadeBrackets.map((b, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: brackets are edited in place
                  <div key={i} className="flex items-end gap-2">
                    <Field
                      label={t('challenge.maxMs')}
                      type="number"
                      min={100}
                      max={5000}
                      value={b.maxMs}
                      onChange={(e) =>
                        set(
                          'arcadeBrackets',
                          draft.arcadeBrackets.map((x, j) =>
                            j === i ? { ...x, maxMs: Number(e.target.value) } : x,
                          ),
                        )
                      }
                    />
                    <Field
                      label={t('challenge.points')}
                      type="number"
                      min={0}
                      value={b.points}
                      onChange={(e) =>
                        set(
                          'arcadeBrackets',
                          draft.arcadeBrackets.map((x, j) =>
                            j === i ? { ...x, points: Number(e.target.value) } : x,
                          ),
                        )
                      }
                    />
                    {draft.arcadeBrackets.length > 1 && (
                      <Button
                        variant="ghost"
                        className="text-xs"
                        onClick={() =>
                          set(
                            'arcadeBrackets',
                            draft.arcadeBrackets.filter((_, j) => j !== i),
                          )
                        }
                      >
                        {t('common.remove')}
                      </Button>
                    )}
                  </div>
                ))}
                <Button
                  variant="secondary"
                  className="self-start"
                  onClick={() => set('arcadeBrackets', [...draft.arcadeBrackets, { maxMs: 2000, points: 5 }])}
                >
                  {t('challenge.addBracket')}
                </Button>
              </fieldset>
            )}
            <ErrorNote error={save.error} />
            <Button type="submit" loading={save.isPending} className="self-start">
              {id ? t('common.save') : t('challenge.createButton')}
            </Button>
          </form>
        </Panel>
        <div className="flex flex-col gap-4">
          <ChallengePreview draft={draft} />
          {c && <Results challenge={c} />}
          {c?.subtype === 'pickem' && <Settlement challenge={c} />}
          {c && (
            <Panel title={t('challenge.visibility')}>
              <Check
                label={t('challenge.hiddenFromList')}
                checked={hidden}
                onChange={(on) => toggleHidden.mutate(on)}
              />
              <ErrorNote error={toggleHidden.error} />
            </Panel>
          )}
        </div>
      </div>
    </AdminPage>
  );
}
