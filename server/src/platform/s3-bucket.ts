import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';

export interface S3BucketConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), as MinIO, s3rver and most self-hosted stores want. */
  forcePathStyle: boolean;
}

/** SigV4's timestamp form: 20130524T000000Z. */
const amzDate = (now: Date) => now.toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * The S3 calls the media store needs over plain fetch, signed with AWS Signature V4 by
 * `aws4fetch` (decision 030): a small, maintained signer instead of our own or the AWS SDK.
 */
export class S3Bucket {
  constructor(private readonly config: S3BucketConfig) {}

  objectUrl(key: string): URL {
    const endpoint = new URL(this.config.endpoint);
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    const base = endpoint.pathname.replace(/\/$/, '');
    if (this.config.forcePathStyle) {
      return new URL(`${endpoint.origin}${base}/${this.config.bucket}/${encodedKey}`);
    }
    return new URL(`${endpoint.protocol}//${this.config.bucket}.${endpoint.host}${base}/${encodedKey}`);
  }

  private signer(init: {
    method: string;
    url: URL;
    headers?: Record<string, string>;
    body?: Buffer | null;
    now: Date;
    signQuery?: boolean;
  }) {
    const headers: Record<string, string> = { ...init.headers };
    // Header-signed requests sign their payload's hash, so a body altered in transit is refused.
    if (!init.signQuery) {
      headers['x-amz-content-sha256'] = createHash('sha256')
        .update(init.body ?? '')
        .digest('hex');
    }
    return new AwsV4Signer({
      method: init.method,
      url: init.url.toString(),
      headers,
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
      service: 's3',
      region: this.config.region,
      datetime: amzDate(init.now),
      signQuery: init.signQuery ?? false,
    });
  }

  /** PUT /{bucket} (tests and first-run set-up). An existing bucket of ours is not an error. */
  async createBucket(now = new Date()): Promise<void> {
    const signed = await this.signer({ method: 'PUT', url: this.objectUrl(''), now }).sign();
    const res = await fetch(signed.url, { method: 'PUT', headers: signed.headers });
    if (!res.ok && res.status !== 409)
      throw new Error(`S3 create bucket failed: ${res.status} ${await res.text()}`);
  }

  async putObject(
    key: string,
    body: Buffer,
    meta: { contentType: string; cacheControl: string },
    now = new Date(),
  ): Promise<void> {
    const signed = await this.signer({
      method: 'PUT',
      url: this.objectUrl(key),
      headers: { 'content-type': meta.contentType, 'cache-control': meta.cacheControl },
      body,
      now,
    }).sign();
    const res = await fetch(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: new Uint8Array(body),
    });
    if (!res.ok) throw new Error(`S3 upload of ${key} failed: ${res.status} ${await res.text()}`);
  }

  /** A GET URL anyone may use until it expires (S3 checks the expiry against real time). */
  async presignGet(key: string, expiresSeconds: number, now = new Date()): Promise<string> {
    const url = this.objectUrl(key);
    url.searchParams.set('X-Amz-Expires', String(expiresSeconds));
    const signed = await this.signer({ method: 'GET', url, now, signQuery: true }).sign();
    return signed.url.toString();
  }
}
