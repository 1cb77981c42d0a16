import type {
  AdminArticle,
  AdminPlaylist,
  AdminStory,
  AdminVideo,
} from '@paddock/contracts/api/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import {
  AdminPage,
  Badge,
  Check,
  ErrorNote,
  Field,
  formatDateTime,
  fromLocalInput,
  Panel,
  RowActions,
  Select,
  Table,
  Td,
  TextArea,
  toLocalInput,
} from '../components/admin-ui.tsx';
import { MediaUpload } from '../components/media-upload.tsx';

const TABS = ['videos', 'playlists', 'articles', 'stories'] as const;
type Tab = (typeof TABS)[number];

function useSave<T>(fn: () => Promise<T>, key: readonly unknown[], onDone: () => void) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: fn,
    onSuccess: () => {
      toast({ title: t('common.saved') });
      void queryClient.invalidateQueries({ queryKey: key });
      onDone();
    },
  });
}

function VideoForm({ video, onDone }: { video: AdminVideo | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [d, setD] = useState({
    name: video?.name ?? '',
    description: video?.description ?? '',
    sourceType: video?.sourceType ?? 'file',
    mediaId: video?.mediaId ?? null,
    externalUrl: video?.externalUrl ?? '',
    thumbnailMediaId: video?.thumbnailMediaId ?? null,
    durationSeconds: video?.durationSeconds ?? 30,
    value: video?.value ?? 10,
    visibleFrom: toLocalInput(video?.visibleFrom),
    visibleUntil: toLocalInput(video?.visibleUntil),
  });
  const save = useSave(
    () =>
      adminApi.saveVideo(video?.id ?? null, {
        ...d,
        externalUrl: d.sourceType === 'file' ? null : d.externalUrl,
        visibleFrom: fromLocalInput(d.visibleFrom),
        visibleUntil: fromLocalInput(d.visibleUntil),
      }),
    adminKeys.videos,
    onDone,
  );
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          label={t('content.name')}
          value={d.name}
          onChange={(e) => setD({ ...d, name: e.target.value })}
          required
        />
        <Select
          label={t('content.source')}
          value={d.sourceType}
          onChange={(e) => setD({ ...d, sourceType: e.target.value as typeof d.sourceType })}
          options={['file', 'youtube', 'vimeo'].map((v) => ({ value: v, label: v }))}
        />
        {d.sourceType !== 'file' && (
          <Field
            label={t('content.url')}
            value={d.externalUrl}
            onChange={(e) => setD({ ...d, externalUrl: e.target.value })}
            required
          />
        )}
        <Field
          label={t('content.points')}
          type="number"
          min={0}
          value={d.value}
          onChange={(e) => setD({ ...d, value: Number(e.target.value) })}
        />
        <Field
          label={t('content.duration')}
          type="number"
          min={0}
          value={d.durationSeconds}
          onChange={(e) => setD({ ...d, durationSeconds: Number(e.target.value) })}
        />
        <Field
          label={t('content.visibleFrom')}
          type="datetime-local"
          value={d.visibleFrom}
          onChange={(e) => setD({ ...d, visibleFrom: e.target.value })}
        />
        <Field
          label={t('content.visibleUntil')}
          type="datetime-local"
          value={d.visibleUntil}
          onChange={(e) => setD({ ...d, visibleUntil: e.target.value })}
        />
      </div>
      <TextArea
        label={t('content.description')}
        value={d.description}
        onChange={(e) => setD({ ...d, description: e.target.value })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {d.sourceType === 'file' && (
          <MediaUpload
            label={t('content.clip')}
            purpose="video"
            value={d.mediaId}
            onChange={(v) => setD({ ...d, mediaId: v })}
          />
        )}
        <MediaUpload
          label={t('content.thumbnail')}
          purpose="image"
          value={d.thumbnailMediaId}
          onChange={(v) => setD({ ...d, thumbnailMediaId: v })}
        />
      </div>
      <ErrorNote error={save.error} />
      <FormButtons loading={save.isPending} onCancel={onDone} />
    </form>
  );
}

function FormButtons({ loading, onCancel }: { loading: boolean; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex gap-2">
      <Button type="submit" loading={loading}>
        {t('common.save')}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}

function PlaylistForm({
  playlist,
  videos,
  onDone,
}: {
  playlist: AdminPlaylist | null;
  videos: AdminVideo[];
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(playlist?.name ?? '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [videoIds, setVideoIds] = useState<string[]>(playlist?.videoIds ?? []);
  const [coverMediaId, setCover] = useState<string | null>(playlist?.coverMediaId ?? null);
  const save = useSave(
    () => adminApi.savePlaylist(playlist?.id ?? null, { name, description, videoIds, coverMediaId }),
    adminKeys.playlists,
    onDone,
  );
  const move = (i: number, by: number) => {
    const next = [...videoIds];
    const [item] = next.splice(i, 1);
    if (item) next.splice(Math.max(0, Math.min(next.length, i + by)), 0, item);
    setVideoIds(next);
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Field label={t('content.name')} value={name} onChange={(e) => setName(e.target.value)} required />
      <TextArea
        label={t('content.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <MediaUpload label={t('content.cover')} purpose="image" value={coverMediaId} onChange={setCover} />
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('content.videosInOrder')}</p>
      <ol className="flex flex-col gap-1">
        {videoIds.map((id, i) => (
          <li key={id} className="flex items-center gap-2 text-sm">
            <span className="flex-1">{videos.find((v) => v.id === id)?.name ?? id}</span>
            <Button
              variant="ghost"
              className="min-h-8 px-2"
              aria-label={t('content.up')}
              onClick={() => move(i, -1)}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              className="min-h-8 px-2"
              aria-label={t('content.down')}
              onClick={() => move(i, 1)}
            >
              ↓
            </Button>
            <Button
              variant="ghost"
              className="min-h-8 px-2 text-xs"
              onClick={() => setVideoIds(videoIds.filter((x) => x !== id))}
            >
              {t('common.remove')}
            </Button>
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
      <ErrorNote error={save.error} />
      <FormButtons loading={save.isPending} onCancel={onDone} />
    </form>
  );
}

function ArticleForm({ article, onDone }: { article: AdminArticle | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [d, setD] = useState({
    slug: article?.slug ?? '',
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    bodyHtml: article?.bodyHtml ?? '<p></p>',
    coverMediaId: article?.coverMediaId ?? null,
    value: article?.value ?? 10,
    publishedAt: toLocalInput(article?.publishedAt ?? new Date().toISOString()),
  });
  const save = useSave(
    () =>
      adminApi.saveArticle(article?.id ?? null, {
        ...d,
        publishedAt: fromLocalInput(d.publishedAt) ?? new Date().toISOString(),
      }),
    adminKeys.articles,
    onDone,
  );
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          label={t('content.title')}
          value={d.title}
          onChange={(e) => setD({ ...d, title: e.target.value })}
          required
        />
        <Field
          label={t('content.slug')}
          value={d.slug}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          onChange={(e) => setD({ ...d, slug: e.target.value })}
          required
        />
        <Field
          label={t('content.points')}
          type="number"
          min={0}
          value={d.value}
          onChange={(e) => setD({ ...d, value: Number(e.target.value) })}
        />
        <Field
          label={t('content.published')}
          type="datetime-local"
          value={d.publishedAt}
          onChange={(e) => setD({ ...d, publishedAt: e.target.value })}
        />
      </div>
      <TextArea
        label={t('content.summary')}
        value={d.summary}
        onChange={(e) => setD({ ...d, summary: e.target.value })}
      />
      <TextArea
        label={t('content.body')}
        value={d.bodyHtml}
        onChange={(e) => setD({ ...d, bodyHtml: e.target.value })}
        className="[&_textarea]:min-h-48 [&_textarea]:font-mono"
      />
      <p className="text-xs text-muted">{t('content.bodyHint')}</p>
      <MediaUpload
        label={t('content.cover')}
        purpose="image"
        value={d.coverMediaId}
        onChange={(v) => setD({ ...d, coverMediaId: v })}
      />
      <ErrorNote error={save.error} />
      <FormButtons loading={save.isPending} onCancel={onDone} />
    </form>
  );
}

interface ChapterDraft {
  id?: string;
  mediaId: string | null;
  mediaType: 'image' | 'video';
  sponsorUrl: string;
  durationSeconds: number;
}

function StoryForm({ story, onDone }: { story: AdminStory | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [d, setD] = useState({
    title: story?.title ?? '',
    coverMediaId: story?.coverMediaId ?? null,
    sponsorName: story?.sponsorName ?? '',
    sponsorUrl: story?.sponsorUrl ?? '',
    startsAt: toLocalInput(story?.startsAt),
    stopsAt: toLocalInput(story?.stopsAt),
    liveFrom: toLocalInput(story?.liveFrom),
    liveUntil: toLocalInput(story?.liveUntil),
    points: story?.points ?? 10,
  });
  const [chapters, setChapters] = useState<ChapterDraft[]>(
    story?.chapters.map((c) => ({ ...c, sponsorUrl: c.sponsorUrl ?? '' })) ?? [
      { mediaId: null, mediaType: 'image', sponsorUrl: '', durationSeconds: 5 },
    ],
  );
  const save = useSave(
    () =>
      adminApi.saveStory(story?.id ?? null, {
        title: d.title,
        coverMediaId: d.coverMediaId,
        sponsorName: d.sponsorName || null,
        sponsorUrl: d.sponsorUrl || null,
        startsAt: fromLocalInput(d.startsAt),
        stopsAt: fromLocalInput(d.stopsAt),
        liveFrom: fromLocalInput(d.liveFrom),
        liveUntil: fromLocalInput(d.liveUntil),
        points: d.points,
        chapters: chapters
          .filter((c) => c.mediaId)
          .map((c) => ({
            ...(c.id ? { id: c.id } : {}),
            mediaId: c.mediaId as string,
            mediaType: c.mediaType,
            sponsorUrl: c.sponsorUrl || null,
            durationSeconds: c.durationSeconds,
          })),
      }),
    adminKeys.stories,
    onDone,
  );
  const setChapter = (i: number, patch: Partial<ChapterDraft>) =>
    setChapters(chapters.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const move = (i: number, by: number) => {
    const next = [...chapters];
    const [item] = next.splice(i, 1);
    if (item) next.splice(Math.max(0, Math.min(next.length, i + by)), 0, item);
    setChapters(next);
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          label={t('content.title')}
          hint={t('content.storyTitleHint')}
          value={d.title}
          onChange={(e) => setD({ ...d, title: e.target.value })}
          required
        />
        <Field
          label={t('content.sponsorName')}
          value={d.sponsorName}
          onChange={(e) => setD({ ...d, sponsorName: e.target.value })}
        />
        <Field
          label={t('content.sponsorUrl')}
          value={d.sponsorUrl}
          onChange={(e) => setD({ ...d, sponsorUrl: e.target.value })}
        />
        <Field
          label={t('content.startsAt')}
          type="datetime-local"
          value={d.startsAt}
          onChange={(e) => setD({ ...d, startsAt: e.target.value })}
        />
        <Field
          label={t('content.stopsAt')}
          type="datetime-local"
          value={d.stopsAt}
          onChange={(e) => setD({ ...d, stopsAt: e.target.value })}
        />
        <Field
          label={t('content.points')}
          type="number"
          min={0}
          value={d.points}
          onChange={(e) => setD({ ...d, points: Number(e.target.value) })}
        />
        <Field
          label={t('content.liveFrom')}
          type="datetime-local"
          value={d.liveFrom}
          onChange={(e) => setD({ ...d, liveFrom: e.target.value })}
        />
        <Field
          label={t('content.liveUntil')}
          type="datetime-local"
          value={d.liveUntil}
          onChange={(e) => setD({ ...d, liveUntil: e.target.value })}
        />
      </div>
      <MediaUpload
        label={t('content.cover')}
        purpose="image"
        value={d.coverMediaId}
        onChange={(v) => setD({ ...d, coverMediaId: v })}
      />
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('content.chapters')}</p>
      <ol className="flex flex-col gap-2">
        {chapters.map((c, i) => (
          <li
            key={c.id ?? `new-${i}`}
            className="flex flex-wrap items-end gap-2 rounded-xl border border-line p-2"
          >
            <span className="w-6 text-center font-bold">{i + 1}</span>
            <MediaUpload
              label={t('content.chapterMedia')}
              purpose={c.mediaType}
              value={c.mediaId}
              onChange={(v) => setChapter(i, { mediaId: v })}
            />
            <Select
              label={t('content.mediaType')}
              value={c.mediaType}
              onChange={(e) =>
                setChapter(i, { mediaType: e.target.value as 'image' | 'video', mediaId: null })
              }
              options={['image', 'video'].map((v) => ({ value: v, label: v }))}
            />
            <Field
              label={t('content.sponsorUrl')}
              value={c.sponsorUrl}
              onChange={(e) => setChapter(i, { sponsorUrl: e.target.value })}
            />
            <Field
              label={t('content.seconds')}
              type="number"
              min={1}
              max={120}
              value={c.durationSeconds}
              onChange={(e) => setChapter(i, { durationSeconds: Number(e.target.value) })}
              className="w-20"
            />
            <Button
              variant="ghost"
              className="min-h-8 px-2"
              aria-label={t('content.up')}
              onClick={() => move(i, -1)}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              className="min-h-8 px-2"
              aria-label={t('content.down')}
              onClick={() => move(i, 1)}
            >
              ↓
            </Button>
            {chapters.length > 1 && (
              <Button
                variant="ghost"
                className="min-h-8 px-2 text-xs"
                onClick={() => setChapters(chapters.filter((_, j) => j !== i))}
              >
                {t('common.remove')}
              </Button>
            )}
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() =>
          setChapters([
            ...chapters,
            { mediaId: null, mediaType: 'image', sponsorUrl: '', durationSeconds: 5 },
          ])
        }
      >
        {t('content.addChapter')}
      </Button>
      <ErrorNote error={save.error} />
      <FormButtons loading={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** Videos, playlists, articles (sanitised on the server) and stories with ordered chapters (issue 5). */
export default function AdminContentRoute() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('videos');
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const videos = useQuery({ queryKey: adminKeys.videos, queryFn: adminApi.videos });
  const playlists = useQuery({
    queryKey: adminKeys.playlists,
    queryFn: adminApi.playlists,
    enabled: tab === 'playlists',
  });
  const articles = useQuery({
    queryKey: adminKeys.articles,
    queryFn: adminApi.articles,
    enabled: tab === 'articles',
  });
  const stories = useQuery({
    queryKey: adminKeys.stories,
    queryFn: adminApi.stories,
    enabled: tab === 'stories',
  });
  const act = useMutation({
    meta: { silent: true },
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const done = () => setEditing(null);
  const small = 'min-h-8 px-2 py-1 text-xs';

  return (
    <AdminPage
      title={t('content.title')}
      actions={
        editing === null && <Button onClick={() => setEditing('new')}>{t(`content.new.${tab}`)}</Button>
      }
    >
      <div role="tablist" className="flex flex-wrap gap-1">
        {TABS.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            onClick={() => {
              setTab(x);
              setEditing(null);
            }}
            className={`rounded-lg px-3 py-2 text-sm font-semibold ${tab === x ? 'bg-brand' : 'bg-surface-2 text-white/80'}`}
          >
            {t(`content.tabs.${x}`)}
          </button>
        ))}
      </div>
      <ErrorNote error={act.error ?? videos.error ?? playlists.error ?? articles.error ?? stories.error} />
      {(tab === 'videos' || tab === 'stories') && (
        <Check label={t('content.showArchived')} checked={showArchived} onChange={setShowArchived} />
      )}

      {tab === 'videos' && (
        <>
          {editing !== null && (
            <Panel>
              <VideoForm video={videos.data?.items.find((v) => v.id === editing) ?? null} onDone={done} />
            </Panel>
          )}
          <Table
            head={[t('content.name'), t('content.source'), t('content.points'), t('content.window'), '']}
          >
            {videos.data?.items
              .filter((v) => showArchived || !v.archived)
              .map((v) => (
                <tr key={v.id}>
                  <Td>
                    {v.name} {v.archived && <Badge tone="warn">{t('common.archived')}</Badge>}
                  </Td>
                  <Td>{v.sourceType}</Td>
                  <Td>{v.value}</Td>
                  <Td className="text-xs">
                    {formatDateTime(v.visibleFrom)} → {formatDateTime(v.visibleUntil)}
                  </Td>
                  <Td className="whitespace-nowrap">
                    <RowActions
                      className={small}
                      editLabel={t('common.edit')}
                      onEdit={() => setEditing(v.id)}
                      removeLabel={t('common.archive')}
                      onRemove={v.archived ? undefined : () => act.mutate(() => adminApi.archiveVideo(v.id))}
                    />
                  </Td>
                </tr>
              ))}
          </Table>
        </>
      )}

      {tab === 'playlists' && (
        <>
          {editing !== null && (
            <Panel>
              <PlaylistForm
                playlist={playlists.data?.items.find((p) => p.id === editing) ?? null}
                videos={videos.data?.items ?? []}
                onDone={done}
              />
            </Panel>
          )}
          <Table head={[t('content.name'), t('content.videoCount'), '']}>
            {playlists.data?.items.map((p) => (
              <tr key={p.id}>
                <Td>{p.name}</Td>
                <Td>{p.videoIds.length}</Td>
                <Td className="whitespace-nowrap">
                  <RowActions
                    className={small}
                    editLabel={t('common.edit')}
                    onEdit={() => setEditing(p.id)}
                    removeLabel={t('common.delete')}
                    confirmText={t('content.deleteConfirm')}
                    onRemove={() => act.mutate(() => adminApi.deletePlaylist(p.id))}
                  />
                </Td>
              </tr>
            ))}
          </Table>
        </>
      )}

      {tab === 'articles' && (
        <>
          {editing !== null && (
            <Panel>
              <ArticleForm
                article={articles.data?.items.find((a) => a.id === editing) ?? null}
                onDone={done}
              />
            </Panel>
          )}
          <Table
            head={[t('content.title'), t('content.slug'), t('content.points'), t('content.published'), '']}
          >
            {articles.data?.items.map((a) => (
              <tr key={a.id}>
                <Td>{a.title}</Td>
                <Td className="font-mono text-xs">{a.slug}</Td>
                <Td>{a.value}</Td>
                <Td>{formatDateTime(a.publishedAt)}</Td>
                <Td className="whitespace-nowrap">
                  <RowActions
                    className={small}
                    editLabel={t('common.edit')}
                    onEdit={() => setEditing(a.id)}
                    removeLabel={t('common.delete')}
                    confirmText={t('content.deleteConfirm')}
                    onRemove={() => act.mutate(() => adminApi.deleteArticle(a.id))}
                  />
                </Td>
              </tr>
            ))}
          </Table>
        </>
      )}

      {tab === 'stories' && (
        <>
          {editing !== null && (
            <Panel>
              <StoryForm story={stories.data?.items.find((s) => s.id === editing) ?? null} onDone={done} />
            </Panel>
          )}
          <Table
            head={[t('content.title'), t('content.chapters'), t('content.points'), t('content.window'), '']}
          >
            {stories.data?.items
              .filter((s) => showArchived || !s.archived)
              .map((s) => (
                <tr key={s.id}>
                  <Td>
                    {s.title} {s.archived && <Badge tone="warn">{t('common.archived')}</Badge>}
                  </Td>
                  <Td>{s.chapters.length}</Td>
                  <Td>{s.points}</Td>
                  <Td className="text-xs">
                    {formatDateTime(s.startsAt)} → {formatDateTime(s.stopsAt)}
                  </Td>
                  <Td className="whitespace-nowrap">
                    <RowActions
                      className={small}
                      editLabel={t('common.edit')}
                      onEdit={() => setEditing(s.id)}
                      removeLabel={t('common.archive')}
                      onRemove={s.archived ? undefined : () => act.mutate(() => adminApi.archiveStory(s.id))}
                    />
                  </Td>
                </tr>
              ))}
          </Table>
        </>
      )}
    </AdminPage>
  );
}
