import type { Activation, ActivateUserResult } from '@paddock/contracts/api/activations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/activations/{slug}: public, so the landing works signed out (product §2). */
export const activationQuery = (slug: string) =>
  queryOptions({
    queryKey: [...queryKeys.activations, slug] as const,
    queryFn: ({ signal }) => api.get<Activation>(`/activations/${encodeURIComponent(slug)}`, { signal }),
  });

/** POST /api/activations/activate-user: grants the badges (and bonus points) once per fan. */
export const activateUser = (slug: string) =>
  api.post<ActivateUserResult>('/activations/activate-user', { slug });
