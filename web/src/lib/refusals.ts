import { ApiError } from './api-client.ts';

/**
 * A feature's sentences for the server's refusal codes (decision 003): a map from each code of
 * the contracts' lists to a catalogue key, declared `satisfies Record<Code, Key>` so a code
 * without words is a type error. This looks a code from the wire up in such a map.
 */
export function refusalKey<Code extends string, Key extends string>(
  keys: Readonly<Record<Code, Key>>,
  code: string | undefined,
): Key | undefined {
  return code !== undefined && Object.hasOwn(keys, code) ? keys[code as Code] : undefined;
}

/**
 * The catalogue key that explains a failed call to a fan: the refusal's own words when the code
 * is known, `errors.sign_in` on 401, the feature's `refused` sentence for any other 422, else
 * `errors.generic` ("try again"). A feature's catalogue has both `errors.` keys.
 */
export function failureKey<Code extends string, Key extends string>(
  error: unknown,
  keys: Readonly<Record<Code, Key>>,
  refused: Key,
): Key | 'errors.sign_in' | 'errors.generic' {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'errors.sign_in';
    const known = refusalKey(keys, error.code);
    if (known) return known;
    if (error.status === 422) return refused;
  }
  return 'errors.generic';
}
