import { describe, expect, it } from 'vitest';
import { createRedis } from './redis.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('createRedis', () => {
  it('talks to the configured Redis', async () => {
    const redis = createRedis(REDIS_URL, 'test');
    try {
      const key = `paddock:test:${process.pid}:${Date.now()}`;
      await redis.set(key, 'ok', 'EX', 10);
      expect(await redis.get(key)).toBe('ok');
    } finally {
      redis.disconnect();
    }
  });

  it('logs an unreachable Redis once instead of crashing the process, and the command fails', async () => {
    const warnings: object[] = [];
    const redis = createRedis('redis://127.0.0.1:1', 'test', { warn: (obj) => warnings.push(obj) });
    try {
      await expect(redis.get('x')).rejects.toThrow();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ redis: 'test' });
    } finally {
      redis.disconnect();
    }
  });
});
