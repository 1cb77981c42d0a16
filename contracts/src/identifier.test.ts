import { describe, expect, it } from 'vitest';
import { credentialOf, identifierKind, normalisePhone } from './identifier.ts';

describe('sign-in identifiers (product §5)', () => {
  it('tells an e-mail from a phone number and refuses anything else', () => {
    expect(identifierKind(' Fan@Example.com ')).toBe('email');
    expect(identifierKind('+44 (20) 7946-0958')).toBe('phone');
    expect(identifierKind('123456')).toBe('phone');
    expect(identifierKind('12345')).toBeNull();
    expect(identifierKind('fan@example')).toBeNull();
    expect(identifierKind('')).toBeNull();
  });

  it('sends a lower-cased e-mail and a bare phone number', () => {
    expect(credentialOf(' Fan@Example.com ')).toEqual({ email: 'fan@example.com' });
    expect(credentialOf('+44 (20) 7946-0958')).toEqual({ phone: '+442079460958' });
    expect(credentialOf('nope')).toBeNull();
    expect(normalisePhone(' 600 12-34 ')).toBe('6001234');
  });
});
