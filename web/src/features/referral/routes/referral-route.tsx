import { paths } from '../../../config/paths.ts';
import type { Referral } from '@paddock/contracts/api/referral';
import { REFERRAL_REWARDS } from '@paddock/contracts/api/referral';
import { useQuery } from '@tanstack/react-query';
import { Copy, Share2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { Button } from '../../../ui/button.tsx';
import { BackLink } from '../../../ui/back-link.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { toast } from '../../../ui/toast-store.ts';

/** `/referral`: the fan's code and link, copy, and the Web Share API where the browser has it. */
export default function ReferralRoute() {
  const { t, i18n } = useTranslation('referral');
  const referral = useQuery({ queryKey: queryKeys.referral, queryFn: () => api.get<Referral>('/referral') });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('copied') });
    } catch {
      toast({ title: t('copyFailed'), description: link, variant: 'destructive' });
    }
  }

  async function share(link: string) {
    try {
      await navigator.share({ title: t('shareTitle'), text: t('shareText'), url: link });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') void copy(link);
    }
  }

  return (
    <main className="pb-6">
      <PageHeader title={t('title')} back={<BackLink to={paths.profile} />} />
      <div className="flex flex-col gap-5 px-4">
        <p className="text-muted">
          {t('intro', { referred: REFERRAL_REWARDS.referred, referrer: REFERRAL_REWARDS.referrer })}
        </p>
        {referral.isPending ? (
          <Skeleton className="h-56" />
        ) : referral.isError ? (
          <p className="text-muted">{t('error')}</p>
        ) : (
          <>
            <section
              aria-labelledby="code-title"
              className="rounded-3xl border border-line bg-surface p-5 text-center"
            >
              <h2 id="code-title" className="text-xs font-semibold tracking-wider text-muted uppercase">
                {t('code')}
              </h2>
              <p
                className="my-2 font-display text-4xl font-black tracking-[0.15em]"
                data-testid="referral-code"
              >
                {referral.data.code}
              </p>
              <p className="truncate text-sm text-muted">{referral.data.link}</p>
              <div className="mt-4 grid gap-2">
                {canShare && (
                  <Button full onClick={() => void share(referral.data.link)}>
                    <Share2 className="size-5" aria-hidden />
                    {t('share')}
                  </Button>
                )}
                <Button
                  full
                  variant={canShare ? 'secondary' : 'primary'}
                  onClick={() => void copy(referral.data.link)}
                >
                  <Copy className="size-5" aria-hidden />
                  {t('copy')}
                </Button>
              </div>
            </section>
            <dl className="grid grid-cols-2 gap-2">
              <div className="rounded-2xl bg-surface p-4">
                <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted uppercase">
                  <Users className="size-4" aria-hidden />
                  {t('friends')}
                </dt>
                <dd className="font-display text-2xl font-black">
                  {formatNumber(referral.data.referredCount, i18n.language)}
                </dd>
              </div>
              <div className="rounded-2xl bg-surface p-4">
                <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{t('earned')}</dt>
                <dd className="font-display text-2xl font-black">
                  {formatNumber(referral.data.pointsEarned, i18n.language)}
                </dd>
              </div>
            </dl>
          </>
        )}
      </div>
    </main>
  );
}
