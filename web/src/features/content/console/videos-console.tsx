import type { AdminVideo } from '@paddock/contracts/api/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleKeys } from '../../../lib/console-api.ts';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { EditableTable, type EditorSectionProps } from '../../../ui/console/editing.tsx';
import { DateTimeField, Field, FieldGrid, Select, TextArea } from '../../../ui/console/fields.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { ArchivedBadge } from '../../../ui/console/page.tsx';
import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { contentConsoleApi, contentConsoleKeys } from './content-console-api.ts';

function VideoForm({ video, onDone }: { video: AdminVideo | null; onDone: () => void }) {
  const { t } = useTranslation('content-console');
  const f = useFormFields(() => ({
    name: video?.name ?? '',
    description: video?.description ?? '',
    sourceType: video?.sourceType ?? 'file',
    mediaId: video?.mediaId ?? null,
    externalUrl: video?.externalUrl ?? '',
    thumbnailMediaId: video?.thumbnailMediaId ?? null,
    durationSeconds: video?.durationSeconds ?? 30,
    value: video?.value ?? 10,
    visibleFrom: video?.visibleFrom ?? null,
    visibleUntil: video?.visibleUntil ?? null,
  }));
  const d = f.values;
  const save = useSaveMutation(
    () =>
      contentConsoleApi.saveVideo(video?.id ?? null, {
        ...d,
        externalUrl: d.sourceType === 'file' ? null : d.externalUrl,
      }),
    { invalidate: [contentConsoleKeys.videos], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={3}>
        <Field label={t('content.name')} {...f.text('name')} required />
        <Select
          label={t('content.source')}
          {...f.text('sourceType')}
          options={['file', 'youtube', 'vimeo'].map((v) => ({ value: v, label: v }))}
        />
        {d.sourceType !== 'file' && <Field label={t('content.url')} {...f.text('externalUrl')} required />}
        <Field label={t('content.points')} min={0} {...f.number('value')} />
        <Field label={t('content.duration')} min={0} {...f.number('durationSeconds')} />
        <DateTimeField label={t('content.visibleFrom')} {...f.value('visibleFrom')} />
        <DateTimeField label={t('content.visibleUntil')} {...f.value('visibleUntil')} />
      </FieldGrid>
      <TextArea label={t('content.description')} {...f.text('description')} />
      <FieldGrid columns={2}>
        {d.sourceType === 'file' && (
          <MediaUpload label={t('content.clip')} purpose="video" {...f.value('mediaId')} />
        )}
        <MediaUpload label={t('content.thumbnail')} purpose="image" {...f.value('thumbnailMediaId')} />
      </FieldGrid>
    </ConsoleForm>
  );
}

/** The videos tab: uploaded clips or YouTube/Vimeo links, their points and window (product §11.4). */
export function VideosConsole(props: EditorSectionProps) {
  const { t } = useTranslation('content-console');
  const { t: tc } = useTranslation('console');
  const videos = useQuery({ queryKey: contentConsoleKeys.videos, queryFn: contentConsoleApi.videos });
  const archive = useConsoleMutation(contentConsoleApi.archiveVideo, { invalidate: [consoleKeys.all] });
  return (
    <EditableTable
      {...props}
      error={archive.error ?? videos.error}
      archivedLabel={t('content.showArchived')}
      items={videos.data?.items}
      itemKey={(v) => v.id}
      form={(video) => <VideoForm video={video} onDone={props.onDone} />}
      columns={[
        {
          head: t('content.name'),
          cell: (v) => (
            <>
              {v.name} <ArchivedBadge archived={v.archived} />
            </>
          ),
        },
        { head: t('content.source'), cell: (v) => v.sourceType },
        { head: t('content.points'), cell: (v) => v.value },
        {
          head: t('content.window'),
          className: 'text-xs',
          cell: (v) => `${formatDateTime(v.visibleFrom)} → ${formatDateTime(v.visibleUntil)}`,
        },
      ]}
      removeLabel={tc('common.archive')}
      onRemove={(v) => (v.archived ? undefined : () => archive.mutate(v.id))}
    />
  );
}
