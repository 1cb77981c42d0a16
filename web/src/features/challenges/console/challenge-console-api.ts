import type { ChallengeResults } from '@paddock/contracts/api/admin';
import type * as challenges from '@paddock/contracts/api/challenges';
import { api } from '../../../lib/api-client.ts';

/** The challenges' operator API (/api/admin/challenges, product §11.2), one function per call. */
export const challengeConsoleKeys = {
  challenges: ['admin', 'challenges'] as const,
  challenge: (id: string) => ['admin', 'challenges', id] as const,
  results: (id: string) => ['admin', 'challenge-results', id] as const,
};

export const challengeConsoleApi = {
  challenges: () => api.get<{ items: challenges.AdminChallenge[] }>('/admin/challenges?includeArchived=true'),
  challenge: (id: string) => api.get<challenges.AdminChallenge>(`/admin/challenges/${id}`),
  createChallenge: (body: challenges.AdminChallengeInput) =>
    api.post<challenges.AdminChallenge>('/admin/challenges', body),
  updateChallenge: (id: string, body: challenges.AdminChallengePatch) =>
    api.patch<challenges.AdminChallenge>(`/admin/challenges/${id}`, body),
  archiveChallenge: (id: string) => api.post<challenges.AdminChallenge>(`/admin/challenges/${id}/archive`),
  settle: (id: string, outcomeIndex: number, preview: boolean) =>
    api.post<challenges.SettleResult>(`/admin/challenges/${id}/settle`, { outcomeIndex, preview }),
  results: (id: string) => api.get<ChallengeResults>(`/admin/challenges/${id}/results`),
};
