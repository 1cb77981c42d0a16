import { MAX_AVATAR_BYTES, type MediaUpload } from '@paddock/contracts/api/files';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { useSaving } from '../../../lib/use-saving.ts';
import { consentsQueryOptions, saveConsents } from '../../../lib/consents.ts';
import { toUserUpdate } from '../../../lib/profile-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { displayName, updateMe, useMe } from '../../../lib/user.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConsentToggles } from '../../../ui/consent-toggles.tsx';
import { UntimedModeToggle } from '../components/untimed-mode-toggle.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { ProfileFields, useProfileForm } from '../../../ui/profile-fields.tsx';
import { SkeletonStack } from '../../../ui/detail-state.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { BackLink } from '../../../ui/back-link.tsx';

const FIELDS = ['firstName', 'lastName', 'username', 'birthday', 'phoneNumber', 'zipCode'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** `/profile/edit`: avatar upload with preview (POST /api/media then /api/media/set-avatar), fields, consents. */
export default function ProfileEditRoute() {
  const { t } = useTranslation('profile');
  const me = useMe();
  const consents = useQuery(consentsQueryOptions);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { values, setValues, errors, setErrors, answers, setAnswers } = useProfileForm(me.data);
  const [avatar, setAvatar] = useState<{ file: File; preview: string } | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const { busy, saving } = useSaving();
  // Decision 025: on by default; off shows the fan as "Fan #…" on every leaderboard.
  const [shownByName, setShownByName] = useState<boolean | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (avatar) URL.revokeObjectURL(avatar.preview);
    },
    [avatar],
  );

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setAvatarError(t('edit.avatarType'));
    if (file.size > MAX_AVATAR_BYTES)
      return setAvatarError(t('edit.avatarSize', { mb: MAX_AVATAR_BYTES / 1024 / 1024 }));
    setAvatarError(null);
    setAvatar({ file, preview: URL.createObjectURL(file) });
  }

  const [showConsentErrors, setShowConsentErrors] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = toUserUpdate(values, FIELDS);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    // Product §10.12: a required consent cannot be withdrawn by saving the form with it unticked.
    const requiredMissing = (consents.data ?? []).some((c) => c.required && !(answers[c.id] ?? c.enabled));
    setShowConsentErrors(requiredMissing);
    if (requiredMissing) return;
    await saving(async () => {
      if (avatar) {
        const upload = await api.post<MediaUpload>('/media', undefined, { binary: avatar.file });
        await api.post('/media/set-avatar', { name: upload.mediaId });
      }
      await saveConsents(consents.data ?? [], answers);
      const user = await updateMe(
        shownByName === null ? parsed.data : { ...parsed.data, leaderboardVisible: shownByName },
      );
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.consents });
      toast({ title: t('edit.saved') });
      navigate(paths.profile);
    });
  }

  return (
    <main className="pb-10">
      <PageHeader title={t('edit.title')} back={<BackLink to={paths.profile} label={t('edit.back')} />} />
      {me.isPending ? (
        <SkeletonStack
          className="flex flex-col gap-4 p-4"
          shapes={['mx-auto size-28 rounded-full!', 'h-20', 'h-20']}
        />
      ) : (
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-6 px-4 pt-2"
          aria-label={t('edit.title')}
        >
          <div className="flex flex-col items-center gap-2">
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
              aria-label={t('edit.avatar')}
            >
              <Avatar src={avatar?.preview ?? me.data?.avatarUrl} name={displayName(me.data)} size={112} />
              <span className="absolute right-0 bottom-0 grid size-9 place-items-center rounded-full border-2 border-bg bg-brand">
                <Camera className="size-4" aria-hidden />
              </span>
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              onChange={pick}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
            />
            {avatar && <p className="text-sm text-accent">{t('edit.avatarReady')}</p>}
            {avatarError && (
              <p role="alert" className="text-sm text-red-300">
                {avatarError}
              </p>
            )}
          </div>
          <ProfileFields
            fields={FIELDS}
            values={values}
            errors={errors}
            onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
          />
          {consents.data && consents.data.length > 0 && (
            <ConsentToggles
              consents={consents.data}
              answers={answers}
              showRequiredError={showConsentErrors}
              onChange={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
            />
          )}
          <label className="flex min-h-11 items-start gap-3 rounded-2xl border border-line bg-surface p-4">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-[var(--brand-primary)]"
              checked={shownByName ?? me.data?.leaderboardVisible ?? true}
              onChange={(e) => setShownByName(e.target.checked)}
              name="leaderboardVisible"
            />
            <span>
              <span className="block font-semibold">{t('edit.leaderboardVisible')}</span>
              <span className="block text-sm text-muted">{t('edit.leaderboardVisibleHint')}</span>
            </span>
          </label>
          <Button type="submit" full loading={busy}>
            {t('edit.save')}
          </Button>
        </form>
      )}
      {me.data && (
        <section className="px-4 pt-6">
          <UntimedModeToggle user={me.data} />
        </section>
      )}
    </main>
  );
}
