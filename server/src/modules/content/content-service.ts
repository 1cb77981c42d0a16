import type {
  Article,
  ContentRewardResponse,
  PlaylistResponse,
  PlaylistSummary,
  Video,
  VideoListResponse,
} from '@paddock/contracts/api/content';
import type { Selectable } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../../db/engine.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { postPoints } from '../ledger/ledger-service.ts';
import { type ContentKind, issueChecksum, verifyChecksum } from './content-checksum.ts';
import type { ArticlesTable, VideosTable } from './content-tables.ts';

/** Who is asking and when: every rule below is decided for one fan at the server's time. */
export interface ContentCaller {
  organizationId: string;
  userId: string;
  now: Date;
  /** The app secret the checksums are signed with. */
  secret: string;
}

/** A checksum is honoured for a day after it was issued (brief: issued ≤ 24 h ago). */
export const CHECKSUM_TTL_MS = 24 * 3600 * 1000;
/** Watching: at least half the clip, capped at 30 s, so long videos need not be sat through. */
export const VIDEO_MIN_SECONDS_CAP = 30;
/** Reading: an article cannot honestly be read in under 10 s. */
export const ARTICLE_MIN_SECONDS = 10;

export const mediaSrc = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Article bodies come from operators and are rendered as HTML in every fan's browser, so they
 * are sanitised once, when stored: text formatting, headings, lists, links, pictures; no
 * scripts, styles, frames or event handlers.
 */
export function sanitiseArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'h2',
      'h3',
      'h4',
      'strong',
      'em',
      'b',
      'i',
      'u',
      's',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'figure',
      'figcaption',
      'hr',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    },
  });
}

export interface NewArticle {
  slug: string;
  title: string;
  summary?: string;
  bodyHtml: string;
  coverMediaId?: string | null;
  value?: number;
  publishedAt: Date;
}

/** Stores an article with its body sanitised (the only way articles are written). */
export async function createArticle(db: Database, organizationId: string, input: NewArticle) {
  return db
    .insertInto('articles')
    .values({
      organizationId,
      slug: input.slug,
      title: input.title,
      summary: input.summary ?? '',
      bodyHtml: sanitiseArticleHtml(input.bodyHtml),
      coverMediaId: input.coverMediaId ?? null,
      value: input.value ?? 0,
      publishedAt: input.publishedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function proof(caller: ContentCaller, kind: ContentKind, itemId: string) {
  return {
    checksum: issueChecksum(caller.secret, kind, caller.userId, itemId, caller.now),
    issuedAt: caller.now.toISOString(),
  };
}

function visibleVideos(db: Database, caller: ContentCaller) {
  return db
    .selectFrom('videos')
    .selectAll()
    .where('organizationId', '=', caller.organizationId)
    .where((eb) => eb.or([eb('visibleFrom', 'is', null), eb('visibleFrom', '<=', caller.now)]))
    .where((eb) => eb.or([eb('visibleUntil', 'is', null), eb('visibleUntil', '>', caller.now)]));
}

async function viewedIds(db: Database, caller: ContentCaller, kind: ContentKind, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('contentViews')
    .select('contentId')
    .where('userId', '=', caller.userId)
    .where('contentType', '=', kind)
    .where('contentId', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.contentId));
}

async function presentVideos(
  db: Database,
  caller: ContentCaller,
  rows: Selectable<VideosTable>[],
): Promise<Video[]> {
  const ids = rows.map((v) => v.id);
  const viewed = await viewedIds(db, caller, 'video', ids);
  const memberships =
    ids.length === 0
      ? []
      : await db
          .selectFrom('playlistVideos')
          .select(['videoId', 'playlistId'])
          .where('organizationId', '=', caller.organizationId)
          .where('videoId', 'in', ids)
          .execute();
  return rows.map((v) => ({
    id: v.id,
    name: v.name,
    description: v.description,
    thumbnailMediaId: v.thumbnailMediaId,
    thumbnailSrc: mediaSrc(v.thumbnailMediaId),
    videoSourceType: v.sourceType,
    src: v.sourceType === 'file' ? (mediaSrc(v.mediaId) ?? '') : (v.externalUrl ?? ''),
    mediaId: v.mediaId,
    durationSeconds: v.durationSeconds,
    value: v.value,
    viewed: viewed.has(v.id),
    playlistIds: memberships.filter((m) => m.videoId === v.id).map((m) => m.playlistId),
    ...proof(caller, 'video', v.id),
  }));
}

async function playlistSummaries(
  db: Database,
  caller: ContentCaller,
  videos: Video[],
  onlyId?: string,
): Promise<PlaylistSummary[]> {
  let query = db
    .selectFrom('playlists')
    .selectAll()
    .where('organizationId', '=', caller.organizationId)
    .orderBy('sortOrder')
    .orderBy('createdAt');
  if (onlyId) query = query.where('id', '=', onlyId);
  const playlists = await query.execute();
  if (playlists.length === 0) return [];
  const members = await db
    .selectFrom('playlistVideos')
    .select(['playlistId', 'videoId'])
    .where(
      'playlistId',
      'in',
      playlists.map((p) => p.id),
    )
    .orderBy('position')
    .execute();
  const byId = new Map(videos.map((v) => [v.id, v]));
  return playlists.map((p) => {
    const videoIds = members
      .filter((m) => m.playlistId === p.id && byId.has(m.videoId))
      .map((m) => m.videoId);
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      coverMediaId: p.coverMediaId,
      coverSrc: mediaSrc(p.coverMediaId),
      videoIds,
      totalValue: videoIds.reduce((sum, id) => sum + (byId.get(id)?.value ?? 0), 0),
    };
  });
}

/** GET /content/videos: every visible video (newest first) and the playlists with their order. */
export async function listVideos(db: Database, caller: ContentCaller): Promise<VideoListResponse> {
  const rows = await visibleVideos(db, caller).orderBy('createdAt', 'desc').orderBy('id').execute();
  const videos = await presentVideos(db, caller, rows);
  return { videos, playlists: await playlistSummaries(db, caller, videos) };
}

/** GET /content/playlists/{id}: 404 for an unknown or another organization's playlist. */
export async function getPlaylist(
  db: Database,
  caller: ContentCaller,
  id: string,
): Promise<PlaylistResponse> {
  const rows = await visibleVideos(db, caller)
    .where('id', 'in', (eb) => eb.selectFrom('playlistVideos').select('videoId').where('playlistId', '=', id))
    .execute();
  const videos = await presentVideos(db, caller, rows);
  const [summary] = await playlistSummaries(db, caller, videos, id);
  if (!summary) throw notFound('Playlist');
  const byId = new Map(videos.map((v) => [v.id, v]));
  return { ...summary, videos: summary.videoIds.map((v) => byId.get(v)).filter((v) => v !== undefined) };
}

function publishedArticles(db: Database, caller: ContentCaller) {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('organizationId', '=', caller.organizationId)
    .where('publishedAt', '<=', caller.now);
}

async function presentArticles(
  db: Database,
  caller: ContentCaller,
  rows: Selectable<ArticlesTable>[],
): Promise<Article[]> {
  const read = await viewedIds(
    db,
    caller,
    'article',
    rows.map((a) => a.id),
  );
  return rows.map((a) => ({
    id: a.id,
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    bodyHtml: a.bodyHtml,
    mediaId: a.coverMediaId,
    coverSrc: mediaSrc(a.coverMediaId),
    value: a.value,
    publishedAt: a.publishedAt.toISOString(),
    read: read.has(a.id),
    ...proof(caller, 'article', a.id),
  }));
}

export async function listArticles(db: Database, caller: ContentCaller): Promise<Article[]> {
  const rows = await publishedArticles(db, caller).orderBy('publishedAt', 'desc').orderBy('id').execute();
  return presentArticles(db, caller, rows);
}

/** GET /content/articles/{id}: by id or by slug; unpublished or another organization's → 404. */
export async function getArticle(db: Database, caller: ContentCaller, idOrSlug: string): Promise<Article> {
  const row = await publishedArticles(db, caller)
    .where(UUID_RE.test(idOrSlug) ? 'id' : 'slug', '=', idOrSlug)
    .executeTakeFirst();
  if (!row) throw notFound('Article');
  const [article] = await presentArticles(db, caller, [row]);
  return article as Article;
}

/**
 * The checks of DESIGN decision 7 before any point moves: the checksum was issued by us to
 * this fan for this item, not more than a day ago, and long enough ago to have watched/read it.
 */
function checkProof(
  caller: ContentCaller,
  kind: ContentKind,
  itemId: string,
  proofIn: { checksum: string; issuedAt: string },
  minSeconds: number,
) {
  const issuedAt = new Date(proofIn.issuedAt);
  const elapsedMs = caller.now.getTime() - issuedAt.getTime();
  if (
    !verifyChecksum(caller.secret, kind, caller.userId, itemId, issuedAt, proofIn.checksum) ||
    elapsedMs < 0
  ) {
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
  db: Database,
  caller: ContentCaller,
  item: { kind: ContentKind; id: string; value: number; label: string },
): Promise<ContentRewardResponse> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contentViews')
      .values({
        organizationId: caller.organizationId,
        userId: caller.userId,
        contentType: item.kind,
        contentId: item.id,
      })
      .onConflict((oc) => oc.columns(['userId', 'contentType', 'contentId']).doNothing())
      .execute();
    if (item.value > 0) {
      // The once key, not the view row, is what makes a retry or a concurrent duplicate pay nothing.
      const posted = await postPoints(trx, {
        organizationId: caller.organizationId,
        userId: caller.userId,
        amount: item.value,
        kind: item.kind === 'video' ? 'video_view' : 'article_read',
        reference: item.id,
        description: item.label,
        onceKey: `${item.kind}:${item.id}`,
        at: caller.now,
        earning: 'content',
      });
      return {
        pointsAwarded: posted.applied ? posted.amount : 0,
        points: posted.points,
        lifetimePoints: posted.lifetimePoints,
      };
    }
    const fan = await trx
      .selectFrom('users')
      .select(['points', 'lifetimePoints'])
      .where('id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    return { pointsAwarded: 0, ...fan };
  });
}

/** POST /content/videos/{id}/view */
export async function claimVideoView(
  db: Database,
  caller: ContentCaller,
  videoId: string,
  proofIn: { checksum: string; issuedAt: string },
): Promise<ContentRewardResponse> {
  const video = await visibleVideos(db, caller).where('id', '=', videoId).executeTakeFirst();
  if (!video) throw notFound('Video');
  checkProof(
    caller,
    'video',
    video.id,
    proofIn,
    Math.min(video.durationSeconds * 0.5, VIDEO_MIN_SECONDS_CAP),
  );
  return claim(db, caller, {
    kind: 'video',
    id: video.id,
    value: video.value,
    label: `Watched "${video.name}"`,
  });
}

/** POST /content/articles/{id}/read (id or slug) */
export async function claimArticleRead(
  db: Database,
  caller: ContentCaller,
  idOrSlug: string,
  proofIn: { checksum: string; issuedAt: string },
): Promise<ContentRewardResponse> {
  const article = await publishedArticles(db, caller)
    .where(UUID_RE.test(idOrSlug) ? 'id' : 'slug', '=', idOrSlug)
    .executeTakeFirst();
  if (!article) throw notFound('Article');
  checkProof(caller, 'article', article.id, proofIn, ARTICLE_MIN_SECONDS);
  return claim(db, caller, {
    kind: 'article',
    id: article.id,
    value: article.value,
    label: `Read "${article.title}"`,
  });
}
