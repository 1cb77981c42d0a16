import { decodeJwt } from 'jose';
import { authError } from './auth-http.ts';

/**
 * GoTrue's answer to `signInWithIdToken` for a provider that is not configured here
 * (AUTH_OIDC_PROVIDERS, auth-compat §10). It knows the big providers by name and names their
 * issuer in a 400 `provider_disabled`; Apple and Azure issuers are read from the token itself;
 * any other name is a custom provider it does not allow. These are GoTrue's ordinary
 * `{code, message}` errors, not the OAuth-style ones of a bad token (auth-compat §2).
 */
const FIXED_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  // GoTrue takes Keycloak's issuer from its own (here absent) configuration.
  keycloak: '',
};

const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];
const AZURE_PREFIXES = ['https://login.microsoftonline.com/', 'https://sts.windows.net/'];

/** Go's %q for the strings that occur here: a double-quoted, escaped string. */
const quoted = (value: string) => JSON.stringify(value);

const disabled = (issuer: string) =>
  authError(400, 'provider_disabled', `Provider (issuer ${quoted(issuer)}) is not enabled`);
const invalid = (message: string) => authError(400, 'validation_failed', message);

function unverifiedIssuer(idToken: string): string | null {
  try {
    const iss = decodeJwt(idToken).iss;
    return typeof iss === 'string' ? iss : null;
  } catch {
    return null;
  }
}

export function unconfiguredProvider(provider: string, idToken: string) {
  if (provider === 'apple') {
    const issuer = unverifiedIssuer(idToken);
    if (issuer === null) return invalid('Unable to detect issuer in ID token for Apple provider');
    if (!APPLE_ISSUERS.includes(issuer))
      return invalid('Detected ID token issuer is not an Apple ID token issuer');
    return disabled(issuer);
  }
  if (provider === 'azure') {
    const issuer = unverifiedIssuer(idToken);
    if (issuer === null) return invalid('Unable to detect issuer in ID token for Azure provider');
    if (!AZURE_PREFIXES.some((prefix) => issuer.startsWith(prefix))) {
      return invalid('Detected ID token issuer is not an Azure ID token issuer');
    }
    return disabled(issuer);
  }
  if (Object.hasOwn(FIXED_ISSUERS, provider)) return disabled(FIXED_ISSUERS[provider] as string);
  if (provider.startsWith('custom:')) return invalid('Custom OAuth providers are disabled');
  return invalid(`Custom OIDC provider ${quoted(provider)} not allowed`);
}
