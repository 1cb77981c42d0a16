import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { useSession } from '../../../lib/session.ts';
import { useOrganization } from '../../../lib/organization.ts';
import { LocaleSwitch } from '../../../ui/locale-switch.tsx';
import {
  type AuthMode,
  NewPasswordForm,
  RecoverForm,
  SignInForm,
  SignUpForm,
} from '../components/auth-forms.tsx';
import { LoggedOffDashboard } from '../components/logged-off-dashboard.tsx';
import { REFERRAL_STORAGE_KEY } from '../lib/auth-input.ts';

/** `/`: the landing page — sign in, sign up (e-mail or phone), password recovery, and the logged-off dashboard when enabled. */
export default function LandingRoute() {
  const { t } = useTranslation('auth');
  const org = useOrganization();
  const session = useSession();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'signin' ? 'signIn' : 'signUp');
  const loggedOff = runtimeConfig().features.loggedOffDashboard;

  useEffect(() => {
    const ref = params.get('ref');
    if (ref && /^[A-Za-z0-9_-]{3,32}$/.test(ref)) localStorage.setItem(REFERRAL_STORAGE_KEY, ref);
  }, [params]);

  const teamName = org.data?.name ?? t('brand');

  return (
    // Wide screens: the hero and the sign-in panel side by side, the perks below both.
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col lg:grid lg:max-w-6xl lg:grid-cols-2 lg:content-center lg:gap-x-10 lg:px-10">
      <header className="hero relative overflow-hidden px-5 pt-6 pb-10 lg:rounded-3xl lg:px-10 lg:py-10">
        <div className="flex items-center justify-between">
          <span className="flex items-center gap-2 font-display text-lg font-black tracking-wider uppercase">
            {org.data?.branding.logoUrl ? (
              <img src={org.data.branding.logoUrl} alt="" className="h-7 w-auto" />
            ) : (
              <span aria-hidden className="h-5 w-2 -skew-x-12 bg-brand" />
            )}
            {teamName}
          </span>
          <LocaleSwitch compact />
        </div>
        <h1 className="mt-10 font-display text-4xl leading-[1.05] font-black uppercase lg:mt-24 lg:text-6xl">
          {t('hero.title')}
        </h1>
        <p className="mt-3 max-w-[28ch] text-white/80">{t('hero.subtitle')}</p>
      </header>

      <section aria-label={t('panel')} className="relative z-10 -mt-5 px-4 lg:mt-0 lg:self-center lg:px-0">
        <div className="rounded-3xl border border-line bg-surface p-5 shadow-2xl">
          {session.linkError && !session.passwordRecovery && (
            <p role="alert" className="mb-4 rounded-xl bg-red-950 px-3 py-2 text-sm text-red-200">
              {t('linkExpired')}
            </p>
          )}
          {session.passwordRecovery ? (
            <NewPasswordForm />
          ) : (
            <>
              {mode !== 'recover' && (
                <div
                  role="tablist"
                  aria-label={t('panel')}
                  className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1"
                >
                  {(['signUp', 'signIn'] as const).map((m) => (
                    <button
                      key={m}
                      type="button"
                      role="tab"
                      aria-selected={mode === m}
                      onClick={() => setMode(m)}
                      className={`min-h-10 rounded-lg text-sm font-bold transition ${
                        mode === m ? 'bg-white text-bg' : 'text-muted hover:text-white'
                      }`}
                    >
                      {t(`${m}.tab`)}
                    </button>
                  ))}
                </div>
              )}
              {mode === 'signIn' && <SignInForm onModeChange={setMode} />}
              {mode === 'signUp' && <SignUpForm />}
              {mode === 'recover' && <RecoverForm onModeChange={setMode} />}
            </>
          )}
        </div>
      </section>

      {loggedOff ? (
        <div className="lg:col-span-2">
          <LoggedOffDashboard />
        </div>
      ) : (
        <ul className="grid grid-cols-3 gap-2 px-4 py-8 text-center text-sm lg:col-span-2 lg:gap-4 lg:px-0">
          {(['earn', 'climb', 'win'] as const).map((k) => (
            <li key={k} className="rounded-2xl bg-surface p-3">
              <p className="font-display text-lg font-black text-accent uppercase">{t(`perks.${k}.title`)}</p>
              <p className="text-xs text-muted">{t(`perks.${k}.body`)}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
