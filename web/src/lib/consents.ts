import type { Consent } from '@paddock/contracts/api/consent';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/consent/user (product §7): every consent type with the fan's answer. */
export const consentsQueryOptions = queryOptions({
  queryKey: queryKeys.consents,
  queryFn: () => api.get<Consent[]>('/consent/user'),
});

/** PATCH /api/consent/user/{id} for every consent whose answer changed (value 1 = given, 0 = not). */
export async function saveConsents(consents: Consent[], answers: Record<string, boolean>) {
  for (const consent of consents) {
    const wanted = answers[consent.id];
    if (wanted === undefined || wanted === consent.enabled) continue;
    await api.patch(`/consent/user/${consent.id}`, { consentId: consent.consentId, value: wanted ? 1 : 0 });
  }
}
