import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

/**
 * Product §2 not-found page, used for every error: the status in large text, 'Sorry, this page
 * cannot be found', and a primary 'Go back home' to `/`. A 401 redirects to `/` on display.
 */
export function ErrorScreen({ status, message }: { status: number; message?: string | null }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();

  useEffect(() => {
    if (status === 401) navigate(paths.home, { replace: true });
  }, [status, navigate]);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p
        className="font-display text-[7rem] leading-none font-black text-brand tabular-nums"
        data-testid="error-status"
      >
        {status}
      </p>
      <h1 className="font-display text-2xl font-bold">{t('title')}</h1>
      {message && <p className="max-w-full break-words text-sm text-muted">{message}</p>}
      <Link
        to={paths.home}
        className="mt-2 inline-flex min-h-11 items-center justify-center rounded-xl bg-brand px-6 py-2.5 font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {t('home')}
      </Link>
    </main>
  );
}
