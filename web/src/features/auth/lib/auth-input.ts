import type { TFunction } from 'i18next';

/** `?ref=CODE` on the landing page is kept until sign-up sends it (product §10.8). */
export const REFERRAL_STORAGE_KEY = 'paddock.referral-code';

/** GoTrue error codes, by the catalogue key (`errors.*`) that says them in the fan's words. */
const ERROR_KEYS: Record<string, string> = {
  invalid_credentials: 'invalidCredentials',
  user_already_exists: 'exists',
  email_exists: 'exists',
  phone_exists: 'exists',
  weak_password: 'weakPassword',
  over_request_rate_limit: 'rateLimited',
  over_email_send_rate_limit: 'rateLimited',
  over_sms_send_rate_limit: 'rateLimited',
  email_not_confirmed: 'notConfirmed',
  phone_not_confirmed: 'notConfirmed',
};

/** GoTrue error codes in the fan's words; the server's message otherwise. */
export function authErrorMessage(
  error: { message?: string; code?: string; status?: number } | null,
  t: TFunction<'auth'>,
): string {
  if (!error) return '';
  const key = error.code && ERROR_KEYS[error.code];
  if (key) return t(`errors.${key}`);
  if (error.status === 0 || error.message === 'Failed to fetch') return t('errors.network');
  return error.message || t('errors.generic');
}
