import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config.ts';
import { authCall, lastMessage } from '../test/auth-fixtures.ts';
import { createFan, createOrg, useTestApp } from '../test/test-app.ts';

// Decision 026: every link a server mails starts at SITE_URL; request headers never choose it.
const hostile = {
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'http',
  host: 'attacker.example',
};

describe('finding 2: reset links follow X-Forwarded-Host', () => {
  describe('with SITE_URL set behind a trusted proxy', () => {
    const t = useTestApp({ SITE_URL: 'https://fans.example.com/', TRUST_PROXY: 'true' });

    it('mails recovery and magic links on SITE_URL, whatever Host and X-Forwarded-Host say', async () => {
      const org = await createOrg(t);
      const fan = await createFan(t, org);
      const email = fan.user.email as string;
      expect((await authCall(t, org, 'POST', '/recover', { email }, hostile)).statusCode).toBe(200);
      const recovery = await lastMessage(t, email);
      expect(recovery.link).toMatch(/^https:\/\/fans\.example\.com\/auth\/v1\/verify\?token=/);
      expect(recovery.link).not.toContain('attacker');

      t.clock.advance(61_000);
      expect((await authCall(t, org, 'POST', '/otp', { email }, hostile)).statusCode).toBe(200);
      const magic = await lastMessage(t, email);
      expect(magic.link).toMatch(/^https:\/\/fans\.example\.com\//);
      expect(magic.link).not.toContain('attacker');
    });

    it('sends a hostile redirect_to back to SITE_URL', async () => {
      const org = await createOrg(t);
      const fan = await createFan(t, org);
      const email = fan.user.email as string;
      await authCall(t, org, 'POST', '/recover?redirect_to=https://attacker.example/x', { email }, hostile);
      const link = new URL((await lastMessage(t, email)).link as string);
      expect(link.searchParams.get('redirect_to')).toBe('https://fans.example.com');
    });
  });

  describe('without SITE_URL outside production', () => {
    const t = useTestApp();

    it('builds links on http://localhost:$PORT, never on the request host', async () => {
      const org = await createOrg(t);
      const fan = await createFan(t, org);
      await authCall(t, org, 'POST', '/recover', { email: fan.user.email }, hostile);
      const link = (await lastMessage(t, fan.user.email as string)).link as string;
      expect(link.startsWith('http://localhost:3000/auth/v1/verify?')).toBe(true);
    });
  });

  it('a production server without SITE_URL refuses to start and says why', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SITE_URL: required in production/);
    expect(parseEnv({ NODE_ENV: 'production', SITE_URL: 'https://fans.example.com' }).SITE_URL).toBe(
      'https://fans.example.com',
    );
    expect(parseEnv({ NODE_ENV: 'development', PORT: '4000' }).SITE_URL).toBe('http://localhost:4000');
  });

  it('TRUST_PROXY is off by default and takes true, a hop count or proxy addresses', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });
});
