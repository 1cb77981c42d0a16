import type { AdminStory, AdminStoryInput } from '@paddock/contracts/api/admin-content';
import { api } from '../../../lib/api-client.ts';
import { createOrReplace } from '../../../lib/console-api.ts';

/** The stories' operator API (/api/admin/stories, product §11.4), one function per call. */
export const storyConsoleKeys = { stories: ['admin', 'stories'] as const };

export const storyConsoleApi = {
  stories: () => api.get<{ items: AdminStory[] }>('/admin/stories'),
  save: (id: string | null, body: AdminStoryInput) => createOrReplace<AdminStory>('/admin/stories', id, body),
  archive: (id: string) => api.post<AdminStory>(`/admin/stories/${id}/archive`),
};
