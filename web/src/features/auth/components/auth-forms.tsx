import {
  credentialOf,
  DEFAULT_PASSWORD_MIN_LENGTH,
  identifierKind,
  normalisePhone,
} from '@paddock/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearPasswordRecovery } from '../../../lib/session.ts';
import { supabase } from '../../../lib/supabase.ts';
import { toast } from '../../../ui/toast-store.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { authErrorMessage, REFERRAL_STORAGE_KEY } from '../lib/auth-input.ts';

export type AuthMode = 'signIn' | 'signUp' | 'recover';

function useAuthError() {
  const { t } = useTranslation('auth');
  return (error: { message?: string; code?: string; status?: number } | null) => authErrorMessage(error, t);
}

export function SignInForm({ onModeChange }: { onModeChange: (mode: AuthMode) => void }) {
  const { t } = useTranslation('auth');
  const describe = useAuthError();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const credential = credentialOf(identifier);
    if (!credential) return setError(t('errors.identifier'));
    setBusy(true);
    const { error: authError } = await supabase().auth.signInWithPassword({ ...credential, password });
    setBusy(false);
    // Success needs nothing here: SIGNED_IN reaches the session store and the guard moves on.
    if (authError) setError(describe(authError));
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={t('signIn.title')}>
      <TextField
        label={t('fields.identifier')}
        autoComplete="username"
        inputMode="email"
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
        required
      />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error && (
        <p role="alert" className="rounded-xl bg-red-950 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      <Button type="submit" full loading={busy}>
        {t('signIn.submit')}
      </Button>
      <button
        type="button"
        className="self-center text-sm font-semibold text-accent underline-offset-4 hover:underline"
        onClick={() => onModeChange('recover')}
      >
        {t('signIn.forgot')}
      </button>
    </form>
  );
}

export function SignUpForm() {
  const { t } = useTranslation('auth');
  const describe = useAuthError();
  const [channel, setChannel] = useState<'email' | 'phone'>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (channel === 'email' && identifierKind(email) !== 'email') return setError(t('errors.email'));
    if (channel === 'phone' && identifierKind(phone) !== 'phone') return setError(t('errors.phone'));
    if (password.length < DEFAULT_PASSWORD_MIN_LENGTH) return setError(t('errors.passwordLength'));
    setBusy(true);
    const referralCode = localStorage.getItem(REFERRAL_STORAGE_KEY);
    const options = {
      emailRedirectTo: `${window.location.origin}/welcome`,
      data: referralCode ? { ref: referralCode } : {},
    };
    const { data, error: authError } =
      channel === 'email'
        ? await supabase().auth.signUp({ email: email.trim().toLowerCase(), password, options })
        : await supabase().auth.signUp({ phone: normalisePhone(phone), password, options });
    setBusy(false);
    if (authError) return setError(describe(authError));
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
    // With auto-confirm the session arrives at once (SIGNED_IN); otherwise a link or code was sent.
    if (!data.session) setSent(true);
  }

  if (sent) {
    return (
      <p role="status" className="rounded-xl bg-surface-2 p-4 text-center">
        {channel === 'email' ? t('signUp.checkEmail', { email }) : t('signUp.checkPhone', { phone })}
      </p>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={t('signUp.title')}>
      <fieldset className="grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1">
        <legend className="sr-only">{t('signUp.channel')}</legend>
        {(['email', 'phone'] as const).map((c) => (
          <label
            key={c}
            className={`cursor-pointer rounded-lg py-2 text-center text-sm font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
              channel === c ? 'bg-brand text-white' : 'text-muted'
            }`}
          >
            <input
              type="radio"
              name="channel"
              value={c}
              checked={channel === c}
              onChange={() => setChannel(c)}
              className="sr-only"
            />
            {t(`signUp.${c}`)}
          </label>
        ))}
      </fieldset>
      {channel === 'email' ? (
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      ) : (
        <TextField
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+44 7700 900123"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          required
        />
      )}
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error && (
        <p role="alert" className="rounded-xl bg-red-950 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      <Button type="submit" full loading={busy}>
        {t('signUp.submit')}
      </Button>
      <p className="text-center text-xs text-muted">{t('signUp.legal')}</p>
    </form>
  );
}

export function RecoverForm({ onModeChange }: { onModeChange: (mode: AuthMode) => void }) {
  const { t } = useTranslation('auth');
  const describe = useAuthError();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (identifierKind(email) !== 'email') return setError(t('errors.email'));
    setBusy(true);
    const { error: authError } = await supabase().auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/`,
    });
    setBusy(false);
    if (authError) return setError(describe(authError));
    setSent(true);
  }

  return sent ? (
    <div className="flex flex-col gap-4 text-center">
      <p role="status">{t('recover.sent', { email })}</p>
      <Button variant="secondary" onClick={() => onModeChange('signIn')}>
        {t('recover.back')}
      </Button>
    </div>
  ) : (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={t('recover.title')}>
      <p className="text-sm text-muted">{t('recover.intro')}</p>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        required
      />
      <Button type="submit" full loading={busy}>
        {t('recover.submit')}
      </Button>
      <button
        type="button"
        className="self-center text-sm font-semibold text-accent underline-offset-4 hover:underline"
        onClick={() => onModeChange('signIn')}
      >
        {t('recover.back')}
      </button>
    </form>
  );
}

/** After a recovery link (PASSWORD_RECOVERY event): choose a new password. */
export function NewPasswordForm() {
  const { t } = useTranslation('auth');
  const describe = useAuthError();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 8) return setError(t('errors.passwordLength'));
    setBusy(true);
    const { error: authError } = await supabase().auth.updateUser({ password });
    setBusy(false);
    if (authError) return setError(describe(authError));
    toast({ title: t('newPassword.done') });
    clearPasswordRecovery();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={t('newPassword.title')}>
      <h2 className="font-display text-xl font-bold">{t('newPassword.title')}</h2>
      <TextField
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
        required
      />
      <Button type="submit" full loading={busy}>
        {t('newPassword.submit')}
      </Button>
    </form>
  );
}
