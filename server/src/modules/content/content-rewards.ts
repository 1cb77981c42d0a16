import type { ContentRewardResponse } from '@paddock/contracts/api/content';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { balanceOf, postPoints } from '../ledger/ledger-service.ts';
import { bestActiveBoost } from '../rewards/boost-rules.ts';
import { type ContentKind, verifyChecksum } from './content-checksum.ts';
import { type ContentCall, publishedArticles, UUID_RE, visibleVideos } from './content-service.ts';

/** A checksum is honoured for a day after it was issued (brief: issued ≤ 24 h ago). */
export const CHECKSUM_TTL_MS = 24 * 3600 * 1000;
/** Watching: at least half the clip, capped at 30 s, so long videos need not be sat through. */
export const VIDEO_MIN_SECONDS_CAP = 30;
/** Reading: an article cannot honestly be read in under 10 s. */
export const ARTICLE_MIN_SECONDS = 10;

/**
 * The checks of decision 007 before any point moves: the checksum was issued by us to
 * this fan for this item, not more than a day ago, and long enough ago to have watched/read it.
 */
function checkProof(
  call: ContentCall,
  kind: ContentKind,
  itemId: string,
  proofIn: { checksum: string; issuedAt: string },
  minSeconds: number,
) {
  const issuedAt = new Date(proofIn.issuedAt);
  const elapsedMs = call.now.getTime() - issuedAt.getTime();
  if (!verifyChecksum(call.secret, kind, call.userId, itemId, issuedAt, proofIn.checksum) || elapsedMs < 0) {
    throw unprocessable('invalid_checksum', 'This link was not issued to you; reload the page and try again');
  }
  if (elapsedMs > CHECKSUM_TTL_MS) {
    throw unprocessable('checksum_expired', 'This page is too old; reload it and try again');
  }
  if (elapsedMs < minSeconds * 1000) {
    const retryAfterSeconds = Math.ceil(minSeconds - elapsedMs / 1000);
    throw unprocessable(
      'too_fast',
      kind === 'video' ? 'Keep watching to earn the points' : 'Keep reading to earn the points',
      { retryAfterSeconds },
    );
  }
}

async function claim(
  call: ContentCall,
  item: { kind: ContentKind; id: string; value: number; label: string },
): Promise<ContentRewardResponse> {
  return call.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contentViews')
      .values({
        organizationId: call.org.id,
        userId: call.userId,
        contentType: item.kind,
        contentId: item.id,
      })
      .onConflict((oc) => oc.columns(['userId', 'contentType', 'contentId']).doNothing())
      .execute();
    if (item.value > 0) {
      // The once key, not the view row, is what makes a retry or a concurrent duplicate pay nothing.
      const posted = await postPoints(
        trx,
        {
          organizationId: call.org.id,
          userId: call.userId,
          amount: item.value,
          kind: item.kind === 'video' ? 'video_view' : 'article_read',
          reference: item.id,
          description: item.label,
          onceKey: `${item.kind}:${item.id}`,
          at: call.now,
          earning: 'content',
        },
        bestActiveBoost,
      );
      return {
        pointsAwarded: posted.applied ? posted.amount : 0,
        points: posted.points,
        lifetimePoints: posted.lifetimePoints,
      };
    }
    return { pointsAwarded: 0, ...(await balanceOf(trx, call.userId)) };
  });
}

/** POST /content/videos/{id}/view */
export async function claimVideoView(
  call: ContentCall,
  videoId: string,
  proofIn: { checksum: string; issuedAt: string },
): Promise<ContentRewardResponse> {
  const video = await visibleVideos(call).where('id', '=', videoId).executeTakeFirst();
  if (!video) throw notFound('Video');
  checkProof(call, 'video', video.id, proofIn, Math.min(video.durationSeconds * 0.5, VIDEO_MIN_SECONDS_CAP));
  return claim(call, {
    kind: 'video',
    id: video.id,
    value: video.value,
    label: `Watched "${video.name}"`,
  });
}

/** POST /content/articles/{id}/read (id or slug) */
export async function claimArticleRead(
  call: ContentCall,
  idOrSlug: string,
  proofIn: { checksum: string; issuedAt: string },
): Promise<ContentRewardResponse> {
  const article = await publishedArticles(call)
    .where(UUID_RE.test(idOrSlug) ? 'id' : 'slug', '=', idOrSlug)
    .executeTakeFirst();
  if (!article) throw notFound('Article');
  checkProof(call, 'article', article.id, proofIn, ARTICLE_MIN_SECONDS);
  return claim(call, {
    kind: 'article',
    id: article.id,
    value: article.value,
    label: `Read "${article.title}"`,
  });
}
