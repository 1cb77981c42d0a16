import type { TFunction } from 'i18next';

/** `?ref=CODE` on the landing page is kept until sign-up sends it (DESIGN "Referral"). */
export const REFERRAL_STORAGE_KEY = 'paddock.referral-code';

/** GoTrue error codes in the fan's words; the server's message otherwise. */
export function authErrorMessage(
  error: { message?: string; code?: string; status?: number } | null,
  t: TFunction<'auth'>,
): string {
  if (!error) return '';
  switch (error.code) {
    case 'invalid_credentials':
      return t('errors.invalidCredentials');
    case 'user_already_exists':
    case 'email_exists':
    case 'phone_exists':
      return t('errors.exists');
    case 'weak_password':
      return t('errors.weakPassword');
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
    case 'over_sms_send_rate_limit':
      return t('errors.rateLimited');
    case 'email_not_confirmed':
    case 'phone_not_confirmed':
      return t('errors.notConfirmed');
    default:
      if (error.status === 0 || error.message === 'Failed to fetch') return t('errors.network');
      return error.message || t('errors.generic');
  }
}
