import { ApiError, request } from './api-client.ts';
import { runtimeConfig } from './runtime-config.ts';
import { accessToken } from './supabase.ts';

/** Files in the operator console: uploads (the files domain) and the non-JSON answers. */
export type UploadPurpose = 'image' | 'video' | 'pdf';

/** Uploads a file to /api/admin/media; the server checks its bytes and size (product §11.5). */
export const uploadMedia = (purpose: UploadPurpose, file: Blob) =>
  request<{ mediaId: string; url: string }>('POST', `/admin/media?purpose=${purpose}`, { binary: file });

/**
 * Non-JSON answers (the CSV export, the QR code) need the same headers as every API call, so
 * they are fetched here and handed to the browser as a blob URL rather than linked directly.
 */
export async function fetchBlob(path: string): Promise<Blob> {
  const config = runtimeConfig();
  const token = (await accessToken()) ?? config.organizationKey;
  const response = await fetch(`${config.apiBaseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-organization-token': config.organizationKey },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? 'http_error', body.message ?? response.statusText, body);
  }
  return response.blob();
}

export async function downloadBlob(path: string, filename: string) {
  const blob = await fetchBlob(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
