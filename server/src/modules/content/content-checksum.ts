import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * decision 007: a content reward needs the checksum the server issued with the item, an
 * HMAC of the fan, the item and the issue time under the app secret. The kind is part of the
 * message so a video's checksum cannot be replayed as an article's with the same id.
 */
export type ContentKind = 'video' | 'article';

function message(kind: ContentKind, fanId: string, itemId: string, issuedAtMs: number) {
  return `paddock-content-v1|${kind}|${fanId}|${itemId}|${issuedAtMs}`;
}

export function issueChecksum(
  secret: string,
  kind: ContentKind,
  fanId: string,
  itemId: string,
  issuedAt: Date,
): string {
  return createHmac('sha256', secret)
    .update(message(kind, fanId, itemId, issuedAt.getTime()))
    .digest('base64url');
}

/** True when `checksum` is the one this server issued for this fan, item and time. */
export function verifyChecksum(
  secret: string,
  kind: ContentKind,
  fanId: string,
  itemId: string,
  issuedAt: Date,
  checksum: string,
): boolean {
  if (Number.isNaN(issuedAt.getTime())) return false;
  const expected = Buffer.from(issueChecksum(secret, kind, fanId, itemId, issuedAt));
  const given = Buffer.from(checksum);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
