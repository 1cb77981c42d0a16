import { describe, expect, it } from 'vitest';
import { presignUrl, signature, signHeaders, sha256Hex } from './s3-signer.ts';

// The worked examples of AWS's "Signature Version 4 (AWS4-HMAC-SHA256)" S3 documentation
// (Authenticating Requests: header and query-string examples). s3rver accepts any V4 signature
// from a known access key, so these published vectors are what proves the signing is right.
const creds = {
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const now = new Date('2013-05-24T00:00:00Z');

describe('AWS SigV4 published test vectors', () => {
  it('GET object with a Range header', () => {
    const headers = signHeaders(creds, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      body: null,
      now,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT object with a body, Date and x-amz-storage-class (and a $ in the key)', () => {
    const body = Buffer.from('Welcome to Amazon S3.');
    const s = signature(creds, {
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': sha256Hex(body),
      },
      payloadHash: sha256Hex(body),
      now,
    });
    expect(s.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('presigned GET URL', () => {
    const url = presignUrl(creds, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      expiresSeconds: 86400,
      now,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('a different secret gives a different signature', () => {
    const a = presignUrl(creds, {
      method: 'GET',
      url: new URL('https://b.example/k'),
      expiresSeconds: 60,
      now,
    });
    const b = presignUrl(
      { ...creds, secretAccessKey: 'wrong' },
      { method: 'GET', url: new URL('https://b.example/k'), expiresSeconds: 60, now },
    );
    expect(a).not.toBe(b);
  });
});
