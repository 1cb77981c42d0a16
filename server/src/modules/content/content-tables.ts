import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types.ts';

/** Kysely interfaces of the video, playlist and article tables (camelCase; see 0004_content.ts). */

export interface PlaylistsTable {
  id: Generated<string>;
  organizationId: string;
  name: string;
  description: Generated<string>;
  coverMediaId: string | null;
  sortOrder: Generated<number>;
  createdAt: Generated<Date>;
}

export interface VideosTable {
  id: Generated<string>;
  organizationId: string;
  name: string;
  description: Generated<string>;
  thumbnailMediaId: string | null;
  sourceType: 'file' | 'youtube' | 'vimeo';
  /** The clip for `file` videos. */
  mediaId: string | null;
  /** The watch URL for `youtube`/`vimeo` videos. */
  externalUrl: string | null;
  durationSeconds: Generated<number>;
  value: Generated<number>;
  visibleFrom: Timestamp | null;
  visibleUntil: Timestamp | null;
  createdAt: Generated<Date>;
}

export interface PlaylistVideosTable {
  organizationId: string;
  playlistId: string;
  videoId: string;
  position: number;
}

export interface ArticlesTable {
  id: Generated<string>;
  organizationId: string;
  slug: string;
  title: string;
  summary: Generated<string>;
  /** Always sanitised before it is stored (content-service `sanitiseArticleHtml`). */
  bodyHtml: string;
  coverMediaId: string | null;
  value: Generated<number>;
  publishedAt: Timestamp;
  createdAt: Generated<Date>;
}

export interface ContentViewsTable {
  id: Generated<string>;
  organizationId: string;
  userId: string;
  contentType: 'video' | 'article';
  contentId: string;
  createdAt: Generated<Date>;
}

export interface ContentTables {
  playlists: PlaylistsTable;
  videos: VideosTable;
  playlistVideos: PlaylistVideosTable;
  articles: ArticlesTable;
  contentViews: ContentViewsTable;
}
