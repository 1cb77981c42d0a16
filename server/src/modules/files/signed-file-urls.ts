import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Decision 028: published content (videos, articles, stories, badges, offers' pictures, logos)
 * is public at /files/{id}; a fan's own uploads are served only through a signed, expiring URL
 * minted when the API presents the file to someone allowed to see it. Today the only fan upload
 * is the avatar (POST /api/media); a new fan-private purpose is added here.
 */
const PRIVATE_PURPOSES: ReadonlySet<string> = new Set(['avatar']);

export const isPrivatePurpose = (purpose: string) => PRIVATE_PURPOSES.has(purpose);

/** What GET /files/{id} decides for a private file: serve it for `remaining` seconds more, or 404. */
export type FileUrlCheck = { ok: true; remaining: number } | { ok: false };

/**
 * Mints and checks `/files/{id}?exp=…&sig=…`. The signature is HMAC-SHA256 over organization,
 * media id and expiry, under a key derived from APP_SECRET (so it can never be confused with
 * another HMAC made with that secret, such as the leaderboard's "Fan #" numbers). Binding the
 * organization means a URL minted for one tenant never opens a file of another, and binding
 * the expiry means changing `exp` breaks the signature.
 *
 * Expiry is rounded up to a bucket: every URL minted within one TTL window carries the same
 * `exp`, so a fan who reloads a page gets the same URL and the browser's cache answers, and the
 * URL stays valid between one and two TTLs (a long page session never loses its avatars).
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(
    appSecret: string,
    /** FILE_URL_TTL_SECONDS: the shortest life of a minted URL. */
    private readonly ttlSeconds: number,
  ) {
    this.key = createHmac('sha256', appSecret).update('paddock:file-urls:v1').digest();
  }

  /** The signed URL of a fan-private file, valid for one to two TTLs from `now`. */
  url(organizationId: string, mediaId: string, now: Date): string {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const exp = (Math.floor(nowSeconds / this.ttlSeconds) + 2) * this.ttlSeconds;
    return `/files/${mediaId}?exp=${exp}&sig=${this.sign(organizationId, mediaId, exp)}`;
  }

  /** A fan-private file's URL (an avatar), or null when there is none. */
  privateUrl(organizationId: string, mediaId: string | null, now: Date): string | null {
    return mediaId ? this.url(organizationId, mediaId, now) : null;
  }

  /**
   * Checks a request's exp and sig against the file's own organization. Every failure (no
   * signature, a wrong one, another tenant's, an edited exp, an expired URL) is the same
   * answer, so the route can 404 without saying which.
   */
  check(
    organizationId: string,
    mediaId: string,
    exp: string | undefined,
    sig: string | undefined,
    now: Date,
  ): FileUrlCheck {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return { ok: false };
    const expected = Buffer.from(this.sign(organizationId, mediaId, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
    const remaining = Number(exp) - Math.floor(now.getTime() / 1000);
    return remaining > 0 ? { ok: true, remaining } : { ok: false };
  }

  private sign(organizationId: string, mediaId: string, exp: number): string {
    return createHmac('sha256', this.key)
      .update(`${organizationId}\n${mediaId.toLowerCase()}\n${exp}`)
      .digest('base64url');
  }
}
