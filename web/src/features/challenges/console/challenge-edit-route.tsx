import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { consoleKeys } from '../../../lib/console-api.ts';
import { organizationConsoleApi, organizationConsoleKeys } from '../../../lib/organization-console-api.ts';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { Check, DateTimeField, Field, FieldGrid, Select, TextArea } from '../../../ui/console/fields.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { ConsolePage, ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { ArcadeBracketsEditor } from './arcade-brackets-editor.tsx';
import { challengeConsoleApi, challengeConsoleKeys } from './challenge-console-api.ts';
import { type ChallengeDraft, fromChallenge, newDraft, SUBTYPES, toInput } from './challenge-draft.ts';
import { ChallengePreview } from './challenge-preview.tsx';
import { ChallengeResults } from './challenge-results.tsx';
import { ChallengeSettlement } from './challenge-settlement.tsx';
import { OptionRows } from './option-rows.tsx';
import { TriviaQuestionsEditor } from './trivia-questions-editor.tsx';

/** Hides a saved challenge from the fans' lists (the organization's hiddenChallengeIds). */
function Visibility({ id }: { id: string }) {
  const { t } = useTranslation('challenges-console');
  const org = useQuery({
    queryKey: organizationConsoleKeys.organization,
    queryFn: organizationConsoleApi.organization,
  });
  const hidden = org.data?.hiddenChallengeIds.includes(id) ?? false;
  const toggle = useConsoleMutation(
    (on: boolean) => {
      const current = org.data?.hiddenChallengeIds ?? [];
      const next = on ? [...new Set([...current, id])] : current.filter((x) => x !== id);
      return organizationConsoleApi.updateOrganization({ hiddenChallengeIds: next });
    },
    { invalidate: [consoleKeys.all] },
  );
  return (
    <Panel title={t('challenge.visibility')}>
      <Check label={t('challenge.hiddenFromList')} checked={hidden} onChange={(on) => toggle.mutate(on)} />
      <ErrorNote error={toggle.error} />
    </Panel>
  );
}

/** Create or edit a challenge of any subtype; results, hidden flag and pick'em settlement (product §11.2, §11.3). */
export default function ChallengeEditRoute() {
  const { t } = useTranslation('challenges-console');
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = useQuery({
    queryKey: challengeConsoleKeys.challenge(id ?? ''),
    queryFn: () => challengeConsoleApi.challenge(id ?? ''),
    enabled: Boolean(id),
  });
  const f = useFormFields<ChallengeDraft>(newDraft);
  const draft = f.values;
  const { set } = f;
  useEffect(() => {
    if (existing.data) set(fromChallenge(existing.data));
  }, [existing.data, set]);
  const save = useSaveMutation(
    () => {
      const input = toInput(draft);
      if (!id) return challengeConsoleApi.createChallenge(input);
      const { subtype: _fixed, ...patch } = input;
      return challengeConsoleApi.updateChallenge(id, patch);
    },
    {
      invalidate: [challengeConsoleKeys.challenges],
      onSuccess: (c) => {
        if (!id) navigate(`/admin/challenges/${c.challengeId}`);
      },
    },
  );
  const c = existing.data;
  const choices = draft.subtype === 'poll' || draft.subtype === 'pickem';

  return (
    <ConsolePage
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
          <ConsoleForm save={save} submitLabel={id ? undefined : t('challenge.createButton')}>
            <FieldGrid columns={2}>
              <Select
                label={t('challenges.subtype')}
                disabled={Boolean(id)}
                {...f.text('subtype')}
                options={SUBTYPES.map((s) => ({ value: s, label: t(`subtypes.${s}`) }))}
              />
              <Field label={t('challenge.title')} {...f.text('title')} required />
              <DateTimeField label={t('challenge.visibleFrom')} {...f.value('visibleFrom')} required />
              <DateTimeField label={t('challenge.expiresOn')} {...f.value('expiresOn')} />
            </FieldGrid>
            <TextArea label={t('challenge.description')} {...f.text('description')} />
            <MediaUpload label={t('preview.image')} purpose="image" {...f.value('mediaId')} />
            {choices && (
              <>
                <OptionRows
                  label={t('challenge.options')}
                  options={draft.options}
                  onChange={(options) => set({ options })}
                />
                <Check label={t('challenge.hideResults')} {...f.check('hideResultsUntilClose')} />
              </>
            )}
            {draft.subtype === 'trivia' && <TriviaQuestionsEditor {...f.value('questions')} />}
            {draft.subtype === 'keyword' && (
              <FieldGrid columns={2}>
                <Field label={t('challenge.keyword')} {...f.text('keyword')} required />
                <Field label={t('challenge.points')} min={0} {...f.number('points')} />
              </FieldGrid>
            )}
            {draft.subtype === 'arcade' && <ArcadeBracketsEditor {...f.value('arcadeBrackets')} />}
          </ConsoleForm>
        </Panel>
        <div className="flex flex-col gap-4">
          <ChallengePreview draft={draft} />
          {c && <ChallengeResults challenge={c} />}
          {c?.subtype === 'pickem' && <ChallengeSettlement challenge={c} />}
          {c && <Visibility id={c.challengeId} />}
        </div>
      </div>
    </ConsolePage>
  );
}
