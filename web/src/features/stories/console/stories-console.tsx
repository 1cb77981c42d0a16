import type { AdminStory } from '@paddock/contracts/api/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleKeys } from '../../../lib/console-api.ts';
import { Button } from '../../../ui/button.tsx';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { Check, DateTimeField, Field, FieldGrid, labelClass, Select } from '../../../ui/console/fields.tsx';
import { ItemButtons, moveItem, removeAt, replaceAt } from '../../../ui/console/list-editing.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { Badge, type EditorSectionProps, ErrorNote, Panel, smallButton } from '../../../ui/console/page.tsx';
import { RowActions, Table, Td } from '../../../ui/console/table.tsx';
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
function ChapterList({
  value: chapters,
  onChange,
}: {
  value: ChapterDraft[];
  onChange: (next: ChapterDraft[]) => void;
}) {
  const { t } = useTranslation('stories-console');
  const set = (i: number, patch: Partial<ChapterDraft>) => onChange(replaceAt(chapters, i, patch));
  return (
    <>
      <p className={labelClass}>{t('story.chapters')}</p>
      <ol className="flex flex-col gap-2">
        {chapters.map((c, i) => (
          <li
            key={c.id ?? `new-${i}`}
            className="flex flex-wrap items-end gap-2 rounded-xl border border-line p-2"
          >
            <span className="w-6 text-center font-bold">{i + 1}</span>
            <MediaUpload
              label={t('story.chapterMedia')}
              purpose={c.mediaType}
              value={c.mediaId}
              onChange={(v) => set(i, { mediaId: v })}
            />
            <Select
              label={t('story.mediaType')}
              value={c.mediaType}
              onChange={(e) =>
                set(i, { mediaType: e.target.value as ChapterDraft['mediaType'], mediaId: null })
              }
              options={['image', 'video'].map((v) => ({ value: v, label: v }))}
            />
            <Field
              label={t('story.sponsorUrl')}
              value={c.sponsorUrl}
              onChange={(e) => set(i, { sponsorUrl: e.target.value })}
            />
            <Field
              label={t('story.seconds')}
              type="number"
              min={1}
              max={120}
              value={c.durationSeconds}
              onChange={(e) => set(i, { durationSeconds: Number(e.target.value) })}
              className="w-20"
            />
            <ItemButtons
              upLabel={t('story.up')}
              downLabel={t('story.down')}
              onMove={(by) => onChange(moveItem(chapters, i, by))}
              onRemove={chapters.length > 1 ? () => onChange(removeAt(chapters, i)) : undefined}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => onChange([...chapters, newChapter()])}
      >
        {t('story.addChapter')}
      </Button>
    </>
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

/** The stories tab: sponsored or live stories with ordered chapters, shown on the fans' rail (issue 5). */
export function StoriesConsole({ editing, onEdit, onDone }: EditorSectionProps) {
  const { t } = useTranslation('stories-console');
  const { t: tc } = useTranslation('console');
  const [showArchived, setShowArchived] = useState(false);
  const stories = useQuery({ queryKey: storyConsoleKeys.stories, queryFn: storyConsoleApi.stories });
  const archive = useConsoleMutation(storyConsoleApi.archive, { invalidate: [consoleKeys.all] });
  return (
    <>
      <ErrorNote error={archive.error ?? stories.error} />
      <Check label={t('story.showArchived')} checked={showArchived} onChange={setShowArchived} />
      {editing !== null && (
        <Panel>
          <StoryForm
            key={editing}
            story={stories.data?.items.find((s) => s.id === editing) ?? null}
            onDone={onDone}
          />
        </Panel>
      )}
      <Table head={[t('story.title'), t('story.chapters'), t('story.points'), t('story.window'), '']}>
        {stories.data?.items
          .filter((s) => showArchived || !s.archived)
          .map((s) => (
            <tr key={s.id}>
              <Td>
                {s.title} {s.archived && <Badge tone="warn">{tc('common.archived')}</Badge>}
              </Td>
              <Td>{s.chapters.length}</Td>
              <Td>{s.points}</Td>
              <Td className="text-xs">
                {formatDateTime(s.startsAt)} → {formatDateTime(s.stopsAt)}
              </Td>
              <Td className="whitespace-nowrap">
                <RowActions
                  className={smallButton}
                  editLabel={tc('common.edit')}
                  onEdit={() => onEdit(s.id)}
                  removeLabel={tc('common.archive')}
                  onRemove={s.archived ? undefined : () => archive.mutate(s.id)}
                />
              </Td>
            </tr>
          ))}
      </Table>
    </>
  );
}
