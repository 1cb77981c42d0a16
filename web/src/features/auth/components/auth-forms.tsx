import {
  credentialOf,
  DEFAULT_PASSWORD_MIN_LENGTH,
  identifierKind,
  normalisePhone,
} from '@paddock/contracts';
import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordMeter } from './password-meter.tsx';
import { clearPasswordRecovery } from '../../../lib/session.ts';
import { supabase } from '../../../lib/supabase.ts';
import { toast } from '../../../ui/toast-store.ts';
import { Button } from '../../../ui/button.tsx';
import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { LegalLinks } from '../../../ui/legal-links.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { authErrorMessage, REFERRAL_STORAGE_KEY } from '../lib/auth-input.ts';

export type AuthMode = 'signIn' | 'signUp' | 'recover';

type AuthFailure = { message?: string; code?: string; status?: number };

/**
 * The wiring every auth form shares: `attempt` checks the input and calls the auth server; it
 * returns what went wrong (a message, or the server's error) or nothing. The form shows it and
 * a busy button meanwhile.
 */
function useAuthForm(attempt: () => Promise<string | AuthFailure | null | undefined>) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const failure = await attempt();
    setBusy(false);
    if (failure) setError(typeof failure === 'string' ? failure : authErrorMessage(failure, t));
  }
  return { error, busy, onSubmit };
}

function ErrorLine({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-950 px-3 py-2 text-sm text-red-200">
      {error}
    </p>
  );
}

function TextLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      className="self-center text-sm font-semibold text-accent underline-offset-4 hover:underline"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * An auth form named by its catalogue section (`signIn.title`, `signIn.submit`…): its fields,
 * the submit button (busy while `form` works), then what follows it.
 */
function AuthForm({
  form,
  name,
  after,
  children,
}: {
  form: ReturnType<typeof useAuthForm>;
  name: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <form onSubmit={form.onSubmit} className="flex flex-col gap-4" noValidate aria-label={t(`${name}.title`)}>
      {children}
      <Button type="submit" full loading={form.busy}>
        {t(`${name}.submit`)}
      </Button>
      {after}
    </form>
  );
}

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label'>;

/** The password input of every auth form; `fresh` for a new one (sign-up, reset), with its own label. */
function PasswordField({
  fresh,
  label = 'fields.password',
  ...rest
}: FieldProps & { fresh?: boolean; label?: string }) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t(label)}
      type="password"
      autoComplete={fresh ? 'new-password' : 'current-password'}
      required
      {...rest}
    />
  );
}

function EmailField(props: FieldProps) {
  const { t } = useTranslation('auth');
  return <TextField label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}

export function SignInForm({ onModeChange }: { onModeChange: (mode: AuthMode) => void }) {
  const { t } = useTranslation('auth');
  const f = useFormFields({ identifier: '', password: '' });
  // Success needs nothing here: SIGNED_IN reaches the session store and the guard moves on.
  const form = useAuthForm(async () => {
    const credential = credentialOf(f.values.identifier);
    if (!credential) return t('errors.identifier');
    return (await supabase().auth.signInWithPassword({ ...credential, password: f.values.password })).error;
  });

  return (
    <AuthForm
      form={form}
      name="signIn"
      after={<TextLink onClick={() => onModeChange('recover')}>{t('signIn.forgot')}</TextLink>}
    >
      <TextField
        label={t('fields.identifier')}
        autoComplete="username"
        inputMode="email"
        {...f.text('identifier')}
        required
      />
      <PasswordField {...f.text('password')} />
      <ErrorLine error={form.error} />
    </AuthForm>
  );
}

export function SignUpForm() {
  const { t } = useTranslation('auth');
  const f = useFormFields({ channel: 'email' as 'email' | 'phone', email: '', phone: '', password: '' });
  const { channel, email, phone, password } = f.values;
  const [sent, setSent] = useState(false);
  const form = useAuthForm(async () => {
    if (channel === 'email' && identifierKind(email) !== 'email') return t('errors.email');
    if (channel === 'phone' && identifierKind(phone) !== 'phone') return t('errors.phone');
    if (password.length < DEFAULT_PASSWORD_MIN_LENGTH) return t('errors.passwordLength');
    const referralCode = localStorage.getItem(REFERRAL_STORAGE_KEY);
    const options = {
      emailRedirectTo: `${window.location.origin}/welcome`,
      data: referralCode ? { ref: referralCode } : {},
    };
    const { data, error } =
      channel === 'email'
        ? await supabase().auth.signUp({ email: email.trim().toLowerCase(), password, options })
        : await supabase().auth.signUp({ phone: normalisePhone(phone), password, options });
    if (error) return error;
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
    // With auto-confirm the session arrives at once (SIGNED_IN); otherwise a link or code was sent.
    if (!data.session) setSent(true);
  });

  if (sent) {
    return (
      <p role="status" className="rounded-xl bg-surface-2 p-4 text-center">
        {channel === 'email' ? t('signUp.checkEmail', { email }) : t('signUp.checkPhone', { phone })}
      </p>
    );
  }

  return (
    <AuthForm
      form={form}
      name="signUp"
      after={
        <div className="flex flex-col items-center gap-1">
          <p className="text-center text-xs text-muted">{t('signUp.legal')}</p>
          <LegalLinks className="justify-center" />
        </div>
      }
    >
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
              onChange={() => f.set({ channel: c })}
              className="sr-only"
            />
            {t(`signUp.${c}`)}
          </label>
        ))}
      </fieldset>
      {channel === 'email' ? (
        <EmailField {...f.text('email')} />
      ) : (
        <TextField
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+44 7700 900123"
          {...f.text('phone')}
          required
        />
      )}
      <PasswordField fresh hint={t('fields.passwordHint')} {...f.text('password')} />
      <PasswordMeter password={password} userInputs={[email, phone]} />
      <ErrorLine error={form.error} />
    </AuthForm>
  );
}

export function RecoverForm({ onModeChange }: { onModeChange: (mode: AuthMode) => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const form = useAuthForm(async () => {
    if (identifierKind(email) !== 'email') return t('errors.email');
    const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/`,
    });
    if (error) return error;
    setSent(true);
  });

  return sent ? (
    <div className="flex flex-col gap-4 text-center">
      <p role="status">{t('recover.sent', { email })}</p>
      <Button variant="secondary" onClick={() => onModeChange('signIn')}>
        {t('recover.back')}
      </Button>
    </div>
  ) : (
    <AuthForm
      form={form}
      name="recover"
      after={<TextLink onClick={() => onModeChange('signIn')}>{t('recover.back')}</TextLink>}
    >
      <p className="text-sm text-muted">{t('recover.intro')}</p>
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={form.error} />
    </AuthForm>
  );
}

/** After a recovery link (PASSWORD_RECOVERY event): choose a new password. */
export function NewPasswordForm() {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const form = useAuthForm(async () => {
    if (password.length < DEFAULT_PASSWORD_MIN_LENGTH) return t('errors.passwordLength');
    const { error } = await supabase().auth.updateUser({ password });
    if (error) return error;
    toast({ title: t('newPassword.done') });
    clearPasswordRecovery();
  });

  return (
    <AuthForm form={form} name="newPassword">
      <h2 className="font-display text-xl font-bold">{t('newPassword.title')}</h2>
      <PasswordField
        fresh
        label="fields.newPassword"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={form.error}
      />
      <PasswordMeter password={password} />
    </AuthForm>
  );
}
