import type { ActivateUserResult, ActivationRefusal, Badge } from '@paddock/contracts/api/activations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Award, CalendarClock, Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refusalKey } from '../../../lib/refusals.ts';
import { useSession } from '../../../lib/session.ts';
import { supabase } from '../../../lib/supabase.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Points } from '../../../ui/points.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { activateUser, activationQuery } from '../api/activation-api.ts';
import { parseSignUp } from '../lib/sign-up-form.ts';
import { GoodNews } from '../../../ui/good-news.tsx';

/**
 * /activations/{slug}: an event's pre-registration landing (product §2: no layout, open to
 * signed-out visitors). A visitor signs up right here; then the fan is activated and sees the
 * badges it granted.
 */
export default function ActivationRoute() {
  const { t, i18n } = useTranslation('activations');
  const { slug = '' } = useParams();
  const query = useQuery(activationQuery(slug));
  const session = useSession();
  const queryClient = useQueryClient();
  const [granted, setGranted] = useState<ActivateUserResult | null>(null);
  const [activating, setActivating] = useState(false);
  const a = query.data;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const activate = async () => {
    setActivating(true);
    try {
      const result = await activateUser(slug);
      setGranted(result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activations });
      if (result.pointsAwarded > 0) toast({ title: t('points', { count: result.pointsAwarded }) });
    } catch (error) {
      toast({ title: t('errors.title'), description: t(activationErrorKey(error)), variant: 'destructive' });
    } finally {
      setActivating(false);
    }
  };

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-5 px-4 pt-6 pb-10">
      {query.isPending ? (
        <>
          <Skeleton className="aspect-[16/9] w-full" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-24" />
        </>
      ) : !a ? (
        <EmptyState
          title={t('notFound')}
          action={
            <Link to={paths.home} className="font-semibold text-accent underline">
              {t('home')}
            </Link>
          }
        />
      ) : (
        <>
          <div className="aspect-[16/9] overflow-hidden rounded-3xl border border-line bg-surface-2">
            {a.imageUrl && <img src={a.imageUrl} alt="" className="size-full object-cover" />}
          </div>
          <p className="-mt-2 flex items-center gap-2 text-sm font-semibold text-accent">
            <CalendarClock className="size-4" aria-hidden />
            {a.status === 'upcoming'
              ? t('opens', { date: date.format(new Date(a.startsAt)) })
              : a.status === 'open'
                ? t('until', { date: date.format(new Date(a.stopsAt)) })
                : t('closed')}
          </p>
          <header className="flex flex-col gap-2">
            <h1 className="font-display text-3xl leading-tight font-black uppercase">{a.title}</h1>
            {a.description && <p className="whitespace-pre-line text-muted">{a.description}</p>}
          </header>

          {(a.badges.length > 0 || a.bonusPoints > 0) && !granted && (
            <section className="flex flex-col gap-3" aria-labelledby="rewards">
              <h2 id="rewards" className="font-display text-xl font-bold">
                {t('rewards')}
              </h2>
              {a.bonusPoints > 0 && (
                <p className="font-semibold text-accent">
                  +<Points value={a.bonusPoints} />
                </p>
              )}
              <BadgeList badges={a.badges} />
            </section>
          )}

          {granted ? (
            <Granted result={granted} />
          ) : a.status !== 'open' ? (
            <p className="rounded-2xl border border-line bg-surface p-4">
              {a.status === 'upcoming' ? t('notOpenYet') : t('closedLong')}
            </p>
          ) : session.status === 'signedIn' ? (
            a.activated ? (
              <p className="rounded-2xl border border-line bg-surface p-4">{t('alreadyActivated')}</p>
            ) : (
              <Button full loading={activating} onClick={() => void activate()}>
                {t('activate')}
              </Button>
            )
          ) : session.status === 'signedOut' ? (
            <SignUpInPlace onSignedUp={activate} />
          ) : null}

          {(granted || a.activated) && (
            <Link
              to={paths.dashboard}
              className="flex min-h-11 items-center justify-center rounded-xl bg-surface-2 font-semibold focus-visible:outline-2 focus-visible:outline-accent"
            >
              {t('toDashboard')}
            </Link>
          )}
        </>
      )}
    </main>
  );
}

/** The sign-up's refusals in the fan's words (product §8). */
const REFUSAL_KEYS = {
  activation_not_open: 'errors.activation_not_open',
} as const satisfies Record<ActivationRefusal, string>;

function activationErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    const known = refusalKey(REFUSAL_KEYS, error.code);
    if (known) return known;
    if (error.status === 401) return 'errors.sign_in';
    if (error.status === 404) return 'notFound';
  }
  return 'errors.generic';
}

function BadgeList({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3">
      {badges.map((b) => (
        <li
          key={b.badgeId}
          className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-surface p-3 text-center"
        >
          {b.imageUrl ? (
            <img src={b.imageUrl} alt="" className="size-16 rounded-full object-cover" />
          ) : (
            <span className="grid size-16 place-items-center rounded-full bg-brand/20">
              <Award className="size-8 text-brand" aria-hidden />
            </span>
          )}
          <span className="font-semibold">{b.name}</span>
          {b.description && <span className="text-xs text-muted">{b.description}</span>}
        </li>
      ))}
    </ul>
  );
}

function Granted({ result }: { result: ActivateUserResult }) {
  const { t } = useTranslation('activations');
  return (
    <GoodNews
      id="granted"
      icon={Sparkles}
      title={result.alreadyActivated ? t('alreadyActivated') : t('welcome')}
      className="border-accent/60 bg-surface"
      live
    >
      {result.badges.length > 0 && (
        <>
          <p className="text-muted">{t('badgesGranted', { count: result.badges.length })}</p>
          <BadgeList badges={result.badges} />
        </>
      )}
      {result.pointsAwarded > 0 && (
        <p className="font-semibold text-accent">
          +<Points value={result.pointsAwarded} />
        </p>
      )}
    </GoodNews>
  );
}

/** Sign up (or sign in) without leaving the landing, with the supabase client (decision 011). */
function SignUpInPlace({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const { t } = useTranslation('activations');
  const [mode, setMode] = useState<'signUp' | 'signIn'>('signUp');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseSignUp({ identifier, password });
    if (!parsed.ok) {
      setProblem(t(`form.${parsed.problem}`));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const auth = supabase().auth;
      const { data, error } =
        mode === 'signUp'
          ? await auth.signUp(parsed.credentials)
          : await auth.signInWithPassword(parsed.credentials);
      if (error) {
        setProblem(
          error.code === 'user_already_exists'
            ? t('form.exists')
            : error.code === 'weak_password'
              ? t('form.weak')
              : error.code === 'invalid_credentials'
                ? t('form.invalid')
                : error.message,
        );
        return;
      }
      if (!data.session) {
        setProblem(t('form.confirm'));
        return;
      }
      await onSignedUp();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 className="font-display text-xl font-bold">
        {mode === 'signUp' ? t('form.titleUp') : t('form.titleIn')}
      </h2>
      <TextField
        label={t('form.identifier')}
        hint={t('form.identifierHint')}
        autoComplete="username"
        inputMode="email"
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
      />
      <TextField
        label={t('form.password')}
        type="password"
        autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problem}
      />
      <Button type="submit" full loading={busy}>
        {mode === 'signUp' ? t('form.submitUp') : t('form.submitIn')}
      </Button>
      <button
        type="button"
        className="min-h-11 text-sm font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => {
          setMode(mode === 'signUp' ? 'signIn' : 'signUp');
          setProblem(null);
        }}
      >
        {mode === 'signUp' ? t('form.switchIn') : t('form.switchUp')}
      </button>
    </form>
  );
}
