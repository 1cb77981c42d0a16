import type * as content from '@paddock/contracts/api/admin-content';
import { api } from '../../../lib/api-client.ts';
import { createOrReplace as save } from '../../../lib/console-api.ts';

/** The content operator API (videos, playlists, articles; product §11.4), one function per call. */
export const contentConsoleKeys = {
  videos: ['admin', 'videos'] as const,
  playlists: ['admin', 'playlists'] as const,
  articles: ['admin', 'articles'] as const,
};

export const contentConsoleApi = {
  videos: () => api.get<{ items: content.AdminVideo[] }>('/admin/videos'),
  saveVideo: (id: string | null, body: content.AdminVideoInput) =>
    save<content.AdminVideo>('/admin/videos', id, body),
  archiveVideo: (id: string) => api.post<content.AdminVideo>(`/admin/videos/${id}/archive`),
  playlists: () => api.get<{ items: content.AdminPlaylist[] }>('/admin/playlists'),
  savePlaylist: (id: string | null, body: content.AdminPlaylistInput) =>
    save<content.AdminPlaylist>('/admin/playlists', id, body),
  deletePlaylist: (id: string) => api.delete<null>(`/admin/playlists/${id}`),
  articles: () => api.get<{ items: content.AdminArticle[] }>('/admin/articles'),
  saveArticle: (id: string | null, body: content.AdminArticleInput) =>
    save<content.AdminArticle>('/admin/articles', id, body),
  deleteArticle: (id: string) => api.delete<null>(`/admin/articles/${id}`),
};
