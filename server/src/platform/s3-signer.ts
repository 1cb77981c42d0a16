import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3, with node:crypto only (no SDK): header signing for PUT and
 * query-string signing for presigned GET URLs. Follows the S3 SigV4 documentation and is
 * checked against its published examples (s3-signer.test.ts).
 */
export interface S3Credentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it: everything but unreserved characters (and '/' in paths). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20130524T000000Z */
export const amzDate = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function signingKey(creds: S3Credentials, day: string) {
  const kDate = hmac(`AWS4${creds.secretAccessKey}`, day);
  return hmac(hmac(hmac(kDate, creds.region), 's3'), 'aws4_request');
}

/** The pieces of a signature; `canonicalRequest` is exposed so tests can compare it with AWS's. */
export function signature(
  creds: S3Credentials,
  req: {
    method: string;
    url: URL;
    /** Header names in any case; `host` is taken from the URL. */
    headers: Record<string, string>;
    payloadHash: string;
    now: Date;
  },
) {
  const stamp = amzDate(req.now);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const headers = new Map<string, string>([['host', req.url.host]]);
  for (const [name, value] of Object.entries(req.headers)) {
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(';');
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  // The URL keeps the path percent-encoded already (as uriEncode made it); decode and re-encode
  // so a key is encoded exactly once.
  const canonicalUri = uriEncode(decodeURIComponent(req.url.pathname), true);
  const canonicalRequest = [
    req.method,
    canonicalUri,
    query,
    names.map((n) => `${n}:${headers.get(n)}\n`).join(''),
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const sig = createHmac('sha256', signingKey(creds, day)).update(stringToSign).digest('hex');
  return { canonicalRequest, stringToSign, signature: sig, signedHeaders, scope, stamp };
}

/** Headers (including Authorization) for a header-signed request. */
export function signHeaders(
  creds: S3Credentials,
  req: { method: string; url: URL; headers: Record<string, string>; body: Buffer | null; now: Date },
): Record<string, string> {
  const payloadHash = sha256Hex(req.body ?? '');
  const headers = { ...req.headers, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate(req.now) };
  const s = signature(creds, { ...req, headers, payloadHash });
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${s.scope}, SignedHeaders=${s.signedHeaders}, Signature=${s.signature}`,
  };
}

/** A presigned URL (query-string SigV4, only `host` signed, payload unsigned). */
export function presignUrl(
  creds: S3Credentials,
  req: { method: string; url: URL; expiresSeconds: number; now: Date },
): string {
  const url = new URL(req.url);
  const stamp = amzDate(req.now);
  url.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
  url.searchParams.set(
    'X-Amz-Credential',
    `${creds.accessKeyId}/${stamp.slice(0, 8)}/${creds.region}/s3/aws4_request`,
  );
  url.searchParams.set('X-Amz-Date', stamp);
  url.searchParams.set('X-Amz-Expires', String(req.expiresSeconds));
  url.searchParams.set('X-Amz-SignedHeaders', 'host');
  const s = signature(creds, {
    method: req.method,
    url,
    headers: {},
    payloadHash: UNSIGNED_PAYLOAD,
    now: req.now,
  });
  // Build the query by hand so it is encoded exactly as it was signed.
  const query = [...url.searchParams.entries()].map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`).join('&');
  return `${url.origin}${url.pathname}?${query}&X-Amz-Signature=${s.signature}`;
}
