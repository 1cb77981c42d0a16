import i18next from 'i18next';
import { toast } from '../ui/toast-store.ts';
import { ApiError } from './api-client.ts';

/**
 * Product §8: what a fan is told. 422 refusals each have a sentence in the common catalogue
 * (`errors.<code>`); unknown 422 codes fall back to the area's generic sentence, then to the
 * server's message. Other response errors are only logged (product §8 "Other response errors").
 */
export function errorMessage(error: unknown, audience: 'fan' | 'operator' = 'fan'): string {
  if (error instanceof ApiError) {
    // An operator reads what the refusal means for the fan they act on, not a fan's advice
    // (a refused adjustment said "Earn more with challenges…").
    const operatorKey = `consoleErrors.${error.code}`;
    if (audience === 'operator' && i18next.exists(operatorKey, { ns: 'common' }))
      return i18next.t(operatorKey, { ns: 'common' });
    const key = `errors.${error.code}`;
    if (i18next.exists(key, { ns: 'common' })) return i18next.t(key, { ns: 'common' });
    if (error.status === 422) return error.message || i18next.t('errors.unprocessable', { ns: 'common' });
    if (error.status === 400) return error.message;
    if (error.status === 0 || error.status >= 500) return i18next.t('errors.server', { ns: 'common' });
    return error.message;
  }
  if (error instanceof TypeError) return i18next.t('errors.network', { ns: 'common' });
  return i18next.t('errors.unknown', { ns: 'common' });
}

export function reportApiError(error: unknown) {
  if (error instanceof ApiError && error.status === 422) {
    toast({
      title: i18next.t('errors.title', { ns: 'common' }),
      description: errorMessage(error),
      variant: 'destructive',
    });
    return;
  }
  console.warn('[paddock] request failed', error);
}

/** A destructive toast for an error the screen wants shown whatever its status. */
export function toastError(error: unknown) {
  toast({
    title: i18next.t('errors.title', { ns: 'common' }),
    description: errorMessage(error),
    variant: 'destructive',
  });
}
