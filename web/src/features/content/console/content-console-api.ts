import type {
  AdminArticle,
  AdminArticleInput,
  AdminPlaylist,
  AdminPlaylistInput,
  AdminVideo,
  AdminVideoInput,
} from '@paddock/contracts/api/admin-content';
import { api } from '../../../lib/api-client.ts';
import { createOrReplace as save } from '../../../lib/console-api.ts';

/** The content operator API (videos, playlists, articles; issue 5), one function per call. */
export const contentConsoleKeys = {
  videos: ['admin', 'videos'] as const,
  playlists: ['admin', 'playlists'] as const,
  articles: ['admin', 'articles'] as const,
};

export const contentConsoleApi = {
  videos: () => api.get<{ items: AdminVideo[] }>('/admin/videos'),
  saveVideo: (id: string | null, body: AdminVideoInput) => save<AdminVideo>('/admin/videos', id, body),
  archiveVideo: (id: string) => api.post<AdminVideo>(`/admin/videos/${id}/archive`),
  playlists: () => api.get<{ items: AdminPlaylist[] }>('/admin/playlists'),
  savePlaylist: (id: string | null, body: AdminPlaylistInput) =>
    save<AdminPlaylist>('/admin/playlists', id, body),
  deletePlaylist: (id: string) => api.delete<null>(`/admin/playlists/${id}`),
  articles: () => api.get<{ items: AdminArticle[] }>('/admin/articles'),
  saveArticle: (id: string | null, body: AdminArticleInput) =>
    save<AdminArticle>('/admin/articles', id, body),
  deleteArticle: (id: string) => api.delete<null>(`/admin/articles/${id}`),
};
