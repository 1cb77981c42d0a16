import { calendarDate, isUnderage } from '@paddock/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSaving } from '../../../lib/use-saving.ts';
import { consentsQueryOptions, saveConsents } from '../../../lib/consents.ts';
import { type ProfileFormValues, toUserUpdate } from '../../../lib/profile-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { updateMe, useMe } from '../../../lib/user.ts';
import { Button } from '../../../ui/button.tsx';
import { ConsentToggles } from '../../../ui/consent-toggles.tsx';
import { ProfileFields, useProfileForm } from '../../../ui/profile-fields.tsx';
import { SkeletonStack } from '../../../ui/detail-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';

const FIELDS = ['firstName', 'lastName', 'username', 'birthday', 'zipCode'] as const;
const REQUIRED = ['firstName', 'lastName', 'username', 'birthday'] as const;

/**
 * Product §10.14: said as soon as an under-18 birthday is entered, before the fan saves. The
 * browser's calendar is close enough for a note; the server decides with the team's calendar.
 */
function enteredUnderage(birthday: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return false;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isUnderage(birthday, calendarDate(new Date(), zone));
}

/** `/welcome`: onboarding for new fans — names, username, birthday, zip and consents, then /dashboard. */
export default function WelcomeRoute() {
  const { t } = useTranslation('welcome');
  const me = useMe();
  const consents = useQuery(consentsQueryOptions);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { values, setValues, errors, setErrors, answers, setAnswers } = useProfileForm(me.data);
  const [showConsentErrors, setShowConsentErrors] = useState(false);
  const { busy, saving } = useSaving();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = toUserUpdate(values, FIELDS);
    const allErrors: Partial<Record<keyof ProfileFormValues, string>> = parsed.ok ? {} : { ...parsed.errors };
    for (const f of REQUIRED) if (!values[f].trim()) allErrors[f] = t('required');
    setErrors(allErrors);
    const list = consents.data ?? [];
    const requiredMissing = list.some((c) => c.required && !(answers[c.id] ?? c.enabled));
    setShowConsentErrors(requiredMissing);
    if (!parsed.ok || Object.keys(allErrors).length > 0 || requiredMissing) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    await saving(async () => {
      await saveConsents(list, answers);
      const user = await updateMe(parsed.data);
      queryClient.setQueryData(queryKeys.me, user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.consents });
      navigate(paths.dashboard, { replace: true, state: { justJoined: true } });
    });
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-4 pt-8 pb-10">
      <header>
        <p className="font-display text-sm font-bold tracking-[0.2em] text-accent uppercase">{t('kicker')}</p>
        <h1 className="mt-1 font-display text-3xl font-black uppercase">{t('title')}</h1>
        <p className="mt-2 text-muted">{t('intro')}</p>
      </header>
      {me.isPending ? (
        <SkeletonStack className="flex flex-col gap-4" shapes={['h-20', 'h-20', 'h-20']} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={t('title')}>
          <ProfileFields
            fields={FIELDS}
            values={values}
            errors={errors}
            required={REQUIRED}
            onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
          />
          {enteredUnderage(values.birthday) && (
            <p role="status" className="rounded-xl border border-line bg-surface-2 p-3 text-sm">
              {t('underage')}
            </p>
          )}
          {consents.isPending ? (
            <Skeleton className="h-40" />
          ) : consents.data && consents.data.length > 0 ? (
            <ConsentToggles
              consents={consents.data}
              answers={answers}
              showRequiredError={showConsentErrors}
              onChange={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
            />
          ) : null}
          <Button type="submit" full loading={busy}>
            {t('submit')}
          </Button>
        </form>
      )}
    </main>
  );
}
