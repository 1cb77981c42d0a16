import type { AdminActivation, AdminActivationInput } from '@paddock/contracts/api/admin-content';
import { api } from '../../../lib/api-client.ts';
import { createOrReplace } from '../../../lib/console-api.ts';

/** The activations' operator API (/api/admin/activations, product §11.7), one function per call. */
export const activationConsoleKeys = { activations: ['admin', 'activations'] as const };

export const activationConsoleApi = {
  activations: () => api.get<{ items: AdminActivation[] }>('/admin/activations'),
  save: (id: string | null, body: AdminActivationInput) =>
    createOrReplace<AdminActivation>('/admin/activations', id, body),
  archive: (id: string) => api.post<AdminActivation>(`/admin/activations/${id}/archive`),
  qrCodePath: (id: string) => `/admin/activations/${id}/qr.svg`,
};
