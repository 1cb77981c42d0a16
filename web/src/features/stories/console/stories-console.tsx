import type { AdminStory } from '@paddock/contracts/api/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleKeys } from '../../../lib/console-api.ts';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { EditableTable, type EditorSectionProps } from '../../../ui/console/editing.tsx';
import { DateTimeField, Field, FieldGrid, NumberField, Select } from '../../../ui/console/fields.tsx';
import { ListEditor } from '../../../ui/console/list-editing.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { ArchivedBadge } from '../../../ui/console/page.tsx';
import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { storyConsoleApi, storyConsoleKeys } from './story-console-api.ts';

interface ChapterDraft {
  id?: string;
  mediaId: string | null;
  mediaType: 'image' | 'video';
  sponsorUrl: string;
  durationSeconds: number;
}

const newChapter = (): ChapterDraft => ({
  mediaId: null,
  mediaType: 'image',
  sponsorUrl: '',
  durationSeconds: 5,
});

/** The story's chapters, in play order: a picture or clip each, with its own length and link. */
function ChapterList(props: { value: ChapterDraft[]; onChange: (next: ChapterDraft[]) => void }) {
  const { t } = useTranslation('stories-console');
  return (
    <ListEditor
      {...props}
      legend={t('story.chapters')}
      min={1}
      move={{ up: t('story.up'), down: t('story.down') }}
      addLabel={t('story.addChapter')}
      newItem={newChapter}
      itemKey={(c, i) => c.id ?? `new-${i}`}
      rowClassName="flex flex-wrap items-end gap-2 rounded-xl border border-line p-2"
    >
      {(c, set, i) => (
        <>
          <span className="w-6 text-center font-bold">{i + 1}</span>
          <MediaUpload
            label={t('story.chapterMedia')}
            purpose={c.mediaType}
            value={c.mediaId}
            onChange={(v) => set({ mediaId: v })}
          />
          <Select
            label={t('story.mediaType')}
            value={c.mediaType}
            onChange={(e) => set({ mediaType: e.target.value as ChapterDraft['mediaType'], mediaId: null })}
            options={['image', 'video'].map((v) => ({ value: v, label: v }))}
          />
          <Field
            label={t('story.sponsorUrl')}
            value={c.sponsorUrl}
            onChange={(e) => set({ sponsorUrl: e.target.value })}
          />
          <NumberField
            label={t('story.seconds')}
            min={1}
            max={120}
            value={c.durationSeconds}
            onValue={(durationSeconds) => set({ durationSeconds })}
            className="w-20"
          />
        </>
      )}
    </ListEditor>
  );
}

function StoryForm({ story, onDone }: { story: AdminStory | null; onDone: () => void }) {
  const { t } = useTranslation('stories-console');
  const f = useFormFields(() => ({
    title: story?.title ?? '',
    coverMediaId: story?.coverMediaId ?? null,
    sponsorName: story?.sponsorName ?? '',
    sponsorUrl: story?.sponsorUrl ?? '',
    startsAt: story?.startsAt ?? null,
    stopsAt: story?.stopsAt ?? null,
    liveFrom: story?.liveFrom ?? null,
    liveUntil: story?.liveUntil ?? null,
    points: story?.points ?? 10,
    chapters: story?.chapters.map((c): ChapterDraft => ({ ...c, sponsorUrl: c.sponsorUrl ?? '' })) ?? [
      newChapter(),
    ],
  }));
  const d = f.values;
  const save = useSaveMutation(
    () =>
      storyConsoleApi.save(story?.id ?? null, {
        ...d,
        sponsorName: d.sponsorName || null,
        sponsorUrl: d.sponsorUrl || null,
        chapters: d.chapters
          .filter((c) => c.mediaId)
          .map((c) => ({
            ...(c.id ? { id: c.id } : {}),
            mediaId: c.mediaId as string,
            mediaType: c.mediaType,
            sponsorUrl: c.sponsorUrl || null,
            durationSeconds: c.durationSeconds,
          })),
      }),
    { invalidate: [storyConsoleKeys.stories], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={3}>
        <Field label={t('story.title')} hint={t('story.storyTitleHint')} {...f.text('title')} required />
        <Field label={t('story.sponsorName')} {...f.text('sponsorName')} />
        <Field label={t('story.sponsorUrl')} {...f.text('sponsorUrl')} />
        <DateTimeField label={t('story.startsAt')} {...f.value('startsAt')} />
        <DateTimeField label={t('story.stopsAt')} {...f.value('stopsAt')} />
        <Field label={t('story.points')} min={0} {...f.number('points')} />
        <DateTimeField label={t('story.liveFrom')} {...f.value('liveFrom')} />
        <DateTimeField label={t('story.liveUntil')} {...f.value('liveUntil')} />
      </FieldGrid>
      <MediaUpload label={t('story.cover')} purpose="image" {...f.value('coverMediaId')} />
      <ChapterList {...f.value('chapters')} />
    </ConsoleForm>
  );
}

/** The stories tab: sponsored or live stories with ordered chapters, shown on the fans' rail (product §11.4). */
export function StoriesConsole(props: EditorSectionProps) {
  const { t } = useTranslation('stories-console');
  const { t: tc } = useTranslation('console');
  const stories = useQuery({ queryKey: storyConsoleKeys.stories, queryFn: storyConsoleApi.stories });
  const archive = useConsoleMutation(storyConsoleApi.archive, { invalidate: [consoleKeys.all] });
  return (
    <EditableTable
      {...props}
      error={archive.error ?? stories.error}
      archivedLabel={t('story.showArchived')}
      items={stories.data?.items}
      itemKey={(s) => s.id}
      form={(story) => <StoryForm story={story} onDone={props.onDone} />}
      columns={[
        {
          head: t('story.title'),
          cell: (s) => (
            <>
              {s.title} <ArchivedBadge archived={s.archived} />
            </>
          ),
        },
        { head: t('story.chapters'), cell: (s) => s.chapters.length },
        { head: t('story.points'), cell: (s) => s.points },
        {
          head: t('story.window'),
          className: 'text-xs',
          cell: (s) => `${formatDateTime(s.startsAt)} → ${formatDateTime(s.stopsAt)}`,
        },
      ]}
      removeLabel={tc('common.archive')}
      onRemove={(s) => (s.archived ? undefined : () => archive.mutate(s.id))}
    />
  );
}
