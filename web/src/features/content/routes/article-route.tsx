import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CoverImage } from '../../../ui/cover-image.tsx';
import { Loaded } from '../../../ui/detail-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { articleQuery, useContentReward } from '../api/content-api.ts';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';
import { RewardStatus } from '../components/reward-status.tsx';

/**
 * /articles/{id}: the article; reaching its end earns its points once (product §7 …/read). The
 * server also wants a plausible reading time, so an early claim simply waits and retries.
 */
export default function ArticleRoute() {
  const { t, i18n } = useTranslation('content');
  const { id = '' } = useParams();
  const query = useQuery(articleQuery(id));
  const article = query.data;
  const reward = useContentReward({
    path: `/content/articles/${encodeURIComponent(id)}/read`,
    proof: () => (query.data ? { checksum: query.data.checksum, issuedAt: query.data.issuedAt } : null),
    refresh: () => query.refetch(),
    t,
  });
  const end = useRef<HTMLDivElement>(null);
  const claimable = Boolean(article && !article.read && article.value > 0);
  const { claim, state } = reward;

  useEffect(() => {
    const el = end.current;
    if (!el || !claimable || state !== 'idle') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void claim();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [claimable, claim, state]);

  return (
    <main className="flex flex-col gap-4 pb-10">
      <PageHeader title={t('article')} back={<ChevronBackLink to={paths.media} label={t('back')} />} />
      <Loaded
        pending={query.isPending}
        item={article}
        notFound={t('notFound')}
        shapes={['aspect-[16/9] w-full', 'h-8 w-3/4', 'h-40']}
      >
        {(article) => (
          <article className="flex flex-col gap-4 px-4">
            <CoverImage src={article.coverSrc} />
            <header className="flex flex-col gap-2">
              <h2 className="font-display text-3xl leading-tight font-black">{article.title}</h2>
              <p className="text-sm text-muted">
                <time dateTime={article.publishedAt}>
                  {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                    new Date(article.publishedAt),
                  )}
                </time>
              </p>
              <RewardStatus
                value={article.value}
                done={article.read}
                state={reward.state}
                hint={t('reward.readHint')}
              />
            </header>
            {article.summary && <p className="text-lg font-semibold">{article.summary}</p>}
            <div
              className="article-body flex flex-col gap-4 leading-relaxed [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:font-display [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_img]:rounded-xl [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
              // Sanitised on the server when stored (contracts: articleSchema.bodyHtml).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised article HTML
              dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
            />
            <div ref={end} className="h-px" aria-hidden />
          </article>
        )}
      </Loaded>
    </main>
  );
}
