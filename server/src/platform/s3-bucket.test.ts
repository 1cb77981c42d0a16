import { describe, expect, it } from 'vitest';
import { S3Bucket } from './s3-bucket.ts';

// AWS's worked example of a presigned GET ("Authenticating Requests: Using Query Parameters",
// Signature Version 4). s3rver does not verify signatures, so this published vector is what
// proves that the bucket drives aws4fetch correctly: service, region, date, expiry, addressing.
const example = {
  endpoint: 'https://s3.amazonaws.com',
  bucket: 'examplebucket',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  forcePathStyle: false,
};
const now = new Date('2013-05-24T00:00:00Z');

describe('S3 signing (aws4fetch) against AWS’s published SigV4 example', () => {
  it('a presigned GET URL is byte for byte the one in AWS’s documentation', async () => {
    const url = await new S3Bucket(example).presignGet('test.txt', 86400, now);
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Expires=86400&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('path-style addressing and another secret give another signature', async () => {
    const pathStyle = await new S3Bucket({ ...example, forcePathStyle: true }).presignGet(
      'a/b c.png',
      60,
      now,
    );
    expect(pathStyle.startsWith('https://s3.amazonaws.com/examplebucket/a/b%20c.png?')).toBe(true);
    const other = await new S3Bucket({
      ...example,
      forcePathStyle: true,
      secretAccessKey: 'wrong',
    }).presignGet('a/b c.png', 60, now);
    expect(new URL(other).searchParams.get('X-Amz-Signature')).not.toBe(
      new URL(pathStyle).searchParams.get('X-Amz-Signature'),
    );
  });
});
