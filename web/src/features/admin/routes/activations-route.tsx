import type { AdminActivation } from '@paddock/contracts/api/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { adminApi, adminKeys, fetchBlob } from '../api/admin-api.ts';
import {
  AdminPage,
  Badge,
  ErrorNote,
  Field,
  formatDateTime,
  fromLocalInput,
  Panel,
  TextArea,
  toLocalInput,
} from '../components/admin-ui.tsx';
import { MediaUpload } from '../components/media-upload.tsx';

interface BadgeDraft {
  id?: string;
  name: string;
  description: string;
  imageMediaId: string | null;
}

function ActivationForm({ activation, onDone }: { activation: AdminActivation | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [d, setD] = useState({
    slug: activation?.slug ?? '',
    title: activation?.title ?? '',
    description: activation?.description ?? '',
    mediaId: activation?.mediaId ?? null,
    startsAt: toLocalInput(activation?.startsAt ?? new Date().toISOString()),
    stopsAt: toLocalInput(activation?.stopsAt ?? new Date(Date.now() + 3 * 86_400_000).toISOString()),
    bonusPoints: activation?.bonusPoints ?? 50,
  });
  const [badges, setBadges] = useState<BadgeDraft[]>(activation?.badges ?? []);
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      adminApi.saveActivation(activation?.id ?? null, {
        ...d,
        startsAt: fromLocalInput(d.startsAt) ?? '',
        stopsAt: fromLocalInput(d.stopsAt) ?? '',
        badges,
      }),
    onSuccess: () => {
      toast({ title: t('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminKeys.activations });
      onDone();
    },
  });
  const setBadge = (i: number, patch: Partial<BadgeDraft>) =>
    setBadges(badges.map((b, j) => (j === i ? { ...b, ...patch } : b)));
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
          label={t('activations.name')}
          value={d.title}
          onChange={(e) => setD({ ...d, title: e.target.value })}
          required
        />
        <Field
          label={t('activations.slug')}
          value={d.slug}
          pattern="[a-z0-9][a-z0-9\-]*"
          onChange={(e) => setD({ ...d, slug: e.target.value })}
          required
        />
        <Field
          label={t('activations.bonus')}
          type="number"
          min={0}
          value={d.bonusPoints}
          onChange={(e) => setD({ ...d, bonusPoints: Number(e.target.value) })}
        />
        <Field
          label={t('activations.starts')}
          type="datetime-local"
          value={d.startsAt}
          onChange={(e) => setD({ ...d, startsAt: e.target.value })}
        />
        <Field
          label={t('activations.stops')}
          type="datetime-local"
          value={d.stopsAt}
          onChange={(e) => setD({ ...d, stopsAt: e.target.value })}
        />
      </div>
      <TextArea
        label={t('activations.description')}
        value={d.description}
        onChange={(e) => setD({ ...d, description: e.target.value })}
      />
      <MediaUpload
        label={t('activations.image')}
        purpose="image"
        value={d.mediaId}
        onChange={(v) => setD({ ...d, mediaId: v })}
      />
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('activations.badges')}</p>
      {badges.map((b, i) => (
        <div
          key={b.id ?? `new-${i}`}
          className="flex flex-wrap items-end gap-2 rounded-xl border border-line p-2"
        >
          <Field
            label={t('activations.badgeName')}
            value={b.name}
            onChange={(e) => setBadge(i, { name: e.target.value })}
            required
          />
          <Field
            label={t('activations.description')}
            value={b.description}
            onChange={(e) => setBadge(i, { description: e.target.value })}
          />
          <MediaUpload
            label={t('activations.badgeImage')}
            purpose="image"
            value={b.imageMediaId}
            onChange={(v) => setBadge(i, { imageMediaId: v })}
          />
          <Button
            variant="ghost"
            className="min-h-8 px-2 text-xs"
            onClick={() => setBadges(badges.filter((_, j) => j !== i))}
          >
            {t('common.remove')}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => setBadges([...badges, { name: '', description: '', imageMediaId: null }])}
      >
        {t('activations.addBadge')}
      </Button>
      <ErrorNote error={save.error} />
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The QR code of the activation link, fetched with the operator's session, printable on its own. */
function QrCode({ activation }: { activation: AdminActivation }) {
  const { t } = useTranslation('admin');
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    fetchBlob(`/admin/activations/${activation.id}/qr.svg`)
      .then((blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(setError);
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [activation.id]);
  const print = () => {
    if (!url) return;
    const w = window.open('', '_blank', 'width=700,height=800');
    if (!w) return;
    const doc = w.document;
    doc.title = activation.title;
    const h1 = doc.createElement('h1');
    h1.textContent = activation.title;
    const img = doc.createElement('img');
    img.src = url;
    img.style.width = '80%';
    const p = doc.createElement('p');
    p.textContent = new URL(activation.link, window.location.origin).toString();
    doc.body.style.fontFamily = 'sans-serif';
    doc.body.style.textAlign = 'center';
    doc.body.append(h1, img, p);
    img.onload = () => w.print();
  };
  return (
    <div className="flex flex-col items-center gap-2">
      <ErrorNote error={error} />
      {url && (
        <img
          src={url}
          alt={t('activations.qrAlt', { slug: activation.slug })}
          className="size-40 rounded-lg bg-white p-1"
        />
      )}
      <Button variant="secondary" onClick={print} disabled={!url}>
        {t('activations.print')}
      </Button>
    </div>
  );
}

/** Activations: slug, window, badges with images, bonus points and a printable QR code (issue 5). */
export default function AdminActivationsRoute() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminKeys.activations, queryFn: adminApi.activations });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const archive = useMutation({
    meta: { silent: true },
    mutationFn: adminApi.archiveActivation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.activations }),
  });
  return (
    <AdminPage
      title={t('activations.title')}
      actions={editing === null && <Button onClick={() => setEditing('new')}>{t('activations.new')}</Button>}
    >
      <ErrorNote error={list.error ?? archive.error} />
      {editing === 'new' && (
        <Panel title={t('activations.new')}>
          <ActivationForm activation={null} onDone={() => setEditing(null)} />
        </Panel>
      )}
      {list.data?.items.map((a) =>
        editing === a.id ? (
          <Panel key={a.id}>
            <ActivationForm activation={a} onDone={() => setEditing(null)} />
          </Panel>
        ) : (
          <Panel key={a.id}>
            <div className="flex flex-col gap-4 sm:flex-row">
              <div className="flex flex-1 flex-col gap-1">
                <h2 className="flex items-center gap-2 text-lg font-bold">
                  {a.title} {a.archived && <Badge tone="warn">{t('common.archived')}</Badge>}
                </h2>
                <p className="font-mono text-xs text-accent">{a.link}</p>
                <p className="text-sm text-muted">
                  {formatDateTime(a.startsAt)} → {formatDateTime(a.stopsAt)} ·{' '}
                  {t('activations.summary', { bonus: a.bonusPoints, fans: a.activatedCount })}
                </p>
                <div className="flex flex-wrap gap-1">
                  {a.badges.map((b) => (
                    <Badge key={b.id}>{b.name}</Badge>
                  ))}
                </div>
                <div className="mt-2 flex gap-2">
                  <Button variant="secondary" onClick={() => setEditing(a.id)}>
                    {t('common.edit')}
                  </Button>
                  {!a.archived && (
                    <Button
                      variant="ghost"
                      onClick={() => window.confirm(t('activations.archiveConfirm')) && archive.mutate(a.id)}
                    >
                      {t('common.archive')}
                    </Button>
                  )}
                </div>
              </div>
              <QrCode activation={a} />
            </div>
          </Panel>
        ),
      )}
    </AdminPage>
  );
}
