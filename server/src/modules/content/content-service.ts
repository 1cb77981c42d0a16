import type {
  Article,
  PlaylistResponse,
  PlaylistSummary,
  Video,
  VideoListResponse,
} from '@paddock/contracts/api/content';
import type { Selectable } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../../db/engine.ts';
import { notFound } from '../../platform/errors.ts';
import type { FanCall } from '../../platform/service-call.ts';
import { type ContentKind, issueChecksum } from './content-checksum.ts';
import type { ArticlesTable, VideosTable } from './content-tables.ts';

/**
 * Who is asking and when: every rule below is decided for one fan at the server's time; the
 * app secret signs the checksums each item carries (decision 007).
 */
export interface ContentCall extends FanCall {
  secret: string;
}

export const mediaSrc = (mediaId: string | null) => (mediaId ? `/files/${mediaId}` : null);

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

function proof(call: ContentCall, kind: ContentKind, itemId: string) {
  return {
    checksum: issueChecksum(call.secret, kind, call.userId, itemId, call.now),
    issuedAt: call.now.toISOString(),
  };
}

export function visibleVideos(call: ContentCall) {
  return call.db
    .selectFrom('videos')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .where((eb) => eb.or([eb('visibleFrom', 'is', null), eb('visibleFrom', '<=', call.now)]))
    .where((eb) => eb.or([eb('visibleUntil', 'is', null), eb('visibleUntil', '>', call.now)]));
}

async function viewedIds(call: ContentCall, kind: ContentKind, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await call.db
    .selectFrom('contentViews')
    .select('contentId')
    .where('userId', '=', call.userId)
    .where('contentType', '=', kind)
    .where('contentId', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.contentId));
}

async function presentVideos(call: ContentCall, rows: Selectable<VideosTable>[]): Promise<Video[]> {
  const ids = rows.map((v) => v.id);
  const viewed = await viewedIds(call, 'video', ids);
  const memberships =
    ids.length === 0
      ? []
      : await call.db
          .selectFrom('playlistVideos')
          .select(['videoId', 'playlistId'])
          .where('organizationId', '=', call.org.id)
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
    ...proof(call, 'video', v.id),
  }));
}

async function playlistSummaries(
  call: ContentCall,
  videos: Video[],
  onlyId?: string,
): Promise<PlaylistSummary[]> {
  let query = call.db
    .selectFrom('playlists')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .orderBy('sortOrder')
    .orderBy('createdAt');
  if (onlyId) query = query.where('id', '=', onlyId);
  const playlists = await query.execute();
  if (playlists.length === 0) return [];
  const members = await call.db
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
export async function listVideos(call: ContentCall): Promise<VideoListResponse> {
  const rows = await visibleVideos(call).orderBy('createdAt', 'desc').orderBy('id').execute();
  const videos = await presentVideos(call, rows);
  return { videos, playlists: await playlistSummaries(call, videos) };
}

/** GET /content/playlists/{id}: 404 for an unknown or another organization's playlist. */
export async function getPlaylist(call: ContentCall, id: string): Promise<PlaylistResponse> {
  const rows = await visibleVideos(call)
    .where('id', 'in', (eb) => eb.selectFrom('playlistVideos').select('videoId').where('playlistId', '=', id))
    .execute();
  const videos = await presentVideos(call, rows);
  const [summary] = await playlistSummaries(call, videos, id);
  if (!summary) throw notFound('Playlist');
  const byId = new Map(videos.map((v) => [v.id, v]));
  return { ...summary, videos: summary.videoIds.map((v) => byId.get(v)).filter((v) => v !== undefined) };
}

export function publishedArticles(call: ContentCall) {
  return call.db
    .selectFrom('articles')
    .selectAll()
    .where('organizationId', '=', call.org.id)
    .where('publishedAt', '<=', call.now);
}

async function presentArticles(call: ContentCall, rows: Selectable<ArticlesTable>[]): Promise<Article[]> {
  const read = await viewedIds(
    call,
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
    ...proof(call, 'article', a.id),
  }));
}

export async function listArticles(call: ContentCall): Promise<Article[]> {
  const rows = await publishedArticles(call).orderBy('publishedAt', 'desc').orderBy('id').execute();
  return presentArticles(call, rows);
}

/** GET /content/articles/{id}: by id or by slug; unpublished or another organization's → 404. */
export async function getArticle(call: ContentCall, idOrSlug: string): Promise<Article> {
  const row = await publishedArticles(call)
    .where(UUID_RE.test(idOrSlug) ? 'id' : 'slug', '=', idOrSlug)
    .executeTakeFirst();
  if (!row) throw notFound('Article');
  const [article] = await presentArticles(call, [row]);
  return article as Article;
}
