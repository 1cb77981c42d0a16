import { presignUrl, type S3Credentials, signHeaders } from './s3-signer.ts';

export interface S3BucketConfig extends S3Credentials {
  endpoint: string;
  bucket: string;
  /** Path-style URLs (endpoint/bucket/key), as MinIO, s3rver and most self-hosted stores want. */
  forcePathStyle: boolean;
}

/** The two S3 calls the media store needs, signed with SigV4 over plain fetch. */
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

  /** PUT /{bucket} (tests and first-run set-up). An existing bucket of ours is not an error. */
  async createBucket(now = new Date()): Promise<void> {
    const url = this.objectUrl('');
    const res = await fetch(url, {
      method: 'PUT',
      headers: signHeaders(this.config, { method: 'PUT', url, headers: {}, body: null, now }),
    });
    if (!res.ok && res.status !== 409)
      throw new Error(`S3 create bucket failed: ${res.status} ${await res.text()}`);
  }

  async putObject(
    key: string,
    body: Buffer,
    meta: { contentType: string; cacheControl: string },
    now = new Date(),
  ): Promise<void> {
    const url = this.objectUrl(key);
    const headers = signHeaders(this.config, {
      method: 'PUT',
      url,
      headers: { 'content-type': meta.contentType, 'cache-control': meta.cacheControl },
      body,
      now,
    });
    const res = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });
    if (!res.ok) throw new Error(`S3 upload of ${key} failed: ${res.status} ${await res.text()}`);
  }

  /** A GET URL anyone may use until it expires (S3 checks the expiry against real time). */
  presignGet(key: string, expiresSeconds: number, now = new Date()): string {
    return presignUrl(this.config, { method: 'GET', url: this.objectUrl(key), expiresSeconds, now });
  }
}
