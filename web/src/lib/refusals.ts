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
