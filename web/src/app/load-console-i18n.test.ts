import { describe, expect, it } from 'vitest';
import { consoleNamespace } from './load-console-i18n.ts';

describe('console catalogue namespaces', () => {
  it('names each console catalogue after where it lives', () => {
    expect(consoleNamespace('../i18n/console/es.json')).toEqual({ namespace: 'console', language: 'es' });
    expect(consoleNamespace('../features/admin/i18n/en.json')).toEqual({
      namespace: 'admin',
      language: 'en',
    });
    expect(consoleNamespace('../features/rewards/console/i18n/en.json')).toEqual({
      namespace: 'rewards-console',
      language: 'en',
    });
  });

  it('ignores the fans’ catalogues', () => {
    expect(consoleNamespace('../features/rewards/i18n/en.json')).toBeNull();
    expect(consoleNamespace('../i18n/common/en.json')).toBeNull();
  });
});
