import type { AdminActivation } from '@paddock/contracts/api/admin-content';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBlob } from '../../../lib/console-files.ts';
import { Button } from '../../../ui/button.tsx';
import { PanelList, useEditing } from '../../../ui/console/editing.tsx';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { daysFromNow, formatDateTime } from '../../../ui/console/dates.ts';
import { DateTimeField, Field, FieldGrid, TextArea } from '../../../ui/console/fields.tsx';
import { ListEditor } from '../../../ui/console/list-editing.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { ArchivedBadge, Badge, ConsolePage, ErrorNote } from '../../../ui/console/page.tsx';
import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { activationConsoleApi, activationConsoleKeys } from './activation-console-api.ts';

interface BadgeDraft {
  id?: string;
  name: string;
  description: string;
  imageMediaId: string | null;
}

/** The badges a fan collects by activating: name, description and picture each. */
function BadgeList(props: { value: BadgeDraft[]; onChange: (next: BadgeDraft[]) => void }) {
  const { t } = useTranslation('activations-console');
  return (
    <ListEditor
      {...props}
      legend={t('activations.badges')}
      addLabel={t('activations.addBadge')}
      newItem={() => ({ name: '', description: '', imageMediaId: null })}
      itemKey={(b, i) => b.id ?? `new-${i}`}
      rowClassName="flex flex-wrap items-end gap-2 rounded-xl border border-line p-2"
    >
      {(b, set) => (
        <>
          <Field
            label={t('activations.badgeName')}
            value={b.name}
            onChange={(e) => set({ name: e.target.value })}
            required
          />
          <Field
            label={t('activations.description')}
            value={b.description}
            onChange={(e) => set({ description: e.target.value })}
          />
          <MediaUpload
            label={t('activations.badgeImage')}
            purpose="image"
            value={b.imageMediaId}
            onChange={(v) => set({ imageMediaId: v })}
          />
        </>
      )}
    </ListEditor>
  );
}

function ActivationForm({ activation, onDone }: { activation: AdminActivation | null; onDone: () => void }) {
  const { t } = useTranslation('activations-console');
  const f = useFormFields(() => ({
    slug: activation?.slug ?? '',
    title: activation?.title ?? '',
    description: activation?.description ?? '',
    mediaId: activation?.mediaId ?? null,
    startsAt: activation?.startsAt ?? (new Date().toISOString() as string | null),
    stopsAt: activation?.stopsAt ?? (daysFromNow(3) as string | null),
    bonusPoints: activation?.bonusPoints ?? 50,
    badges: (activation?.badges ?? []) as BadgeDraft[],
  }));
  const save = useSaveMutation(
    () =>
      activationConsoleApi.save(activation?.id ?? null, {
        ...f.values,
        startsAt: f.values.startsAt ?? '',
        stopsAt: f.values.stopsAt ?? '',
      }),
    { invalidate: [activationConsoleKeys.activations], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={3}>
        <Field label={t('activations.name')} {...f.text('title')} required />
        <Field label={t('activations.slug')} pattern="[a-z0-9][a-z0-9\-]*" {...f.text('slug')} required />
        <Field label={t('activations.bonus')} min={0} {...f.number('bonusPoints')} />
        <DateTimeField label={t('activations.starts')} {...f.value('startsAt')} />
        <DateTimeField label={t('activations.stops')} {...f.value('stopsAt')} />
      </FieldGrid>
      <TextArea label={t('activations.description')} {...f.text('description')} />
      <MediaUpload label={t('activations.image')} purpose="image" {...f.value('mediaId')} />
      <BadgeList {...f.value('badges')} />
    </ConsoleForm>
  );
}

/** The QR code of the activation link, fetched with the operator's session, printable on its own. */
function QrCode({ activation }: { activation: AdminActivation }) {
  const { t } = useTranslation('activations-console');
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    fetchBlob(activationConsoleApi.qrCodePath(activation.id))
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

/** Activations: slug, window, badges with images, bonus points and a printable QR code (product §11.7). */
export default function ActivationsConsoleRoute() {
  const { t } = useTranslation('activations-console');
  const { t: tc } = useTranslation('console');
  const list = useQuery({
    queryKey: activationConsoleKeys.activations,
    queryFn: activationConsoleApi.activations,
  });
  const { editing, edit, done, newButton } = useEditing();
  const archive = useConsoleMutation(activationConsoleApi.archive, {
    invalidate: [activationConsoleKeys.activations],
  });
  return (
    <ConsolePage title={t('activations.title')} actions={newButton(t('activations.new'))}>
      <ErrorNote error={list.error ?? archive.error} />
      <PanelList
        items={list.data?.items}
        itemKey={(a) => a.id}
        editing={editing}
        newTitle={t('activations.new')}
        form={(a) => <ActivationForm activation={a} onDone={done} />}
        className="flex flex-col gap-4"
      >
        {(a) => (
          <div className="flex flex-col gap-4 sm:flex-row">
            <div className="flex flex-1 flex-col gap-1">
              <h2 className="flex items-center gap-2 text-lg font-bold">
                {a.title} <ArchivedBadge archived={a.archived} />
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
                <Button variant="secondary" onClick={() => edit(a.id)}>
                  {tc('common.edit')}
                </Button>
                {!a.archived && (
                  <Button
                    variant="ghost"
                    onClick={() => window.confirm(t('activations.archiveConfirm')) && archive.mutate(a.id)}
                  >
                    {tc('common.archive')}
                  </Button>
                )}
              </div>
            </div>
            <QrCode activation={a} />
          </div>
        )}
      </PanelList>
    </ConsolePage>
  );
}
