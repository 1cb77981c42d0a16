import type { AdminPlaylist, AdminVideo } from '@paddock/contracts/api/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleKeys } from '../../../lib/console-api.ts';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { EditableTable, type EditorSectionProps } from '../../../ui/console/editing.tsx';
import { Field, labelClass, Select, TextArea } from '../../../ui/console/fields.tsx';
import { ItemButtons, moveItem, removeAt } from '../../../ui/console/list-editing.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';

import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { contentConsoleApi, contentConsoleKeys } from './content-console-api.ts';

function PlaylistForm({
  playlist,
  videos,
  onDone,
}: {
  playlist: AdminPlaylist | null;
  videos: AdminVideo[];
  onDone: () => void;
}) {
  const { t } = useTranslation('content-console');
  const f = useFormFields(() => ({
    name: playlist?.name ?? '',
    description: playlist?.description ?? '',
    videoIds: playlist?.videoIds ?? [],
    coverMediaId: playlist?.coverMediaId ?? null,
  }));
  const { videoIds } = f.values;
  const setVideoIds = (next: string[]) => f.set({ videoIds: next });
  const save = useSaveMutation(() => contentConsoleApi.savePlaylist(playlist?.id ?? null, f.values), {
    invalidate: [contentConsoleKeys.playlists],
    onSuccess: onDone,
  });
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <Field label={t('content.name')} {...f.text('name')} required />
      <TextArea label={t('content.description')} {...f.text('description')} />
      <MediaUpload label={t('content.cover')} purpose="image" {...f.value('coverMediaId')} />
      <p className={labelClass}>{t('content.videosInOrder')}</p>
      <ol className="flex flex-col gap-1">
        {videoIds.map((id, i) => (
          <li key={id} className="flex items-center gap-2 text-sm">
            <span className="flex-1">{videos.find((v) => v.id === id)?.name ?? id}</span>
            <ItemButtons
              upLabel={t('content.up')}
              downLabel={t('content.down')}
              onMove={(by) => setVideoIds(moveItem(videoIds, i, by))}
              onRemove={() => setVideoIds(removeAt(videoIds, i))}
            />
          </li>
        ))}
      </ol>
      <Select
        label={t('content.addVideo')}
        value=""
        onChange={(e) => e.target.value && setVideoIds([...videoIds, e.target.value])}
        options={[
          { value: '', label: '—' },
          ...videos.filter((v) => !videoIds.includes(v.id)).map((v) => ({ value: v.id, label: v.name })),
        ]}
      />
    </ConsoleForm>
  );
}

/** The playlists tab: named, ordered lists of videos with a cover (product §11.4). */
export function PlaylistsConsole(props: EditorSectionProps) {
  const { t } = useTranslation('content-console');
  const { t: tc } = useTranslation('console');
  const videos = useQuery({ queryKey: contentConsoleKeys.videos, queryFn: contentConsoleApi.videos });
  const playlists = useQuery({
    queryKey: contentConsoleKeys.playlists,
    queryFn: contentConsoleApi.playlists,
  });
  const remove = useConsoleMutation(contentConsoleApi.deletePlaylist, { invalidate: [consoleKeys.all] });
  return (
    <EditableTable
      {...props}
      error={remove.error ?? videos.error ?? playlists.error}
      items={playlists.data?.items}
      itemKey={(p) => p.id}
      form={(playlist) => (
        <PlaylistForm playlist={playlist} videos={videos.data?.items ?? []} onDone={props.onDone} />
      )}
      columns={[
        { head: t('content.name'), cell: (p) => p.name },
        { head: t('content.videoCount'), cell: (p) => p.videoIds.length },
      ]}
      removeLabel={tc('common.delete')}
      confirmText={t('content.deleteConfirm')}
      onRemove={(p) => () => remove.mutate(p.id)}
    />
  );
}
