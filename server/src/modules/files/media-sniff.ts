import { MEDIA_LIMITS, type MEDIA_PURPOSES } from '@paddock/contracts/api/admin';
import { AppError, unprocessable } from '../../platform/errors.ts';

export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

interface Kind {
  contentType: string;
  extension: string;
  purpose: MediaPurpose;
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The head of a text file without BOM, XML declaration, doctype and comments. */
function svgHead(bytes: Buffer) {
  const text = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return text
    .replace(/<\?xml[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '')
    .trimStart();
}

const KINDS: Kind[] = [
  {
    contentType: 'image/png',
    extension: 'png',
    purpose: 'image',
    matches: (b) => startsWith(b, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]),
  },
  {
    contentType: 'image/jpeg',
    extension: 'jpg',
    purpose: 'image',
    matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  },
  {
    contentType: 'image/webp',
    extension: 'webp',
    purpose: 'image',
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
  {
    contentType: 'image/svg+xml',
    extension: 'svg',
    purpose: 'image',
    matches: (b) => /^<svg[\s>]/i.test(svgHead(b)),
  },
  {
    contentType: 'video/mp4',
    extension: 'mp4',
    purpose: 'video',
    matches: (b) => startsWith(b, ascii('ftyp'), 4),
  },
  {
    contentType: 'video/webm',
    extension: 'webm',
    purpose: 'video',
    matches: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  },
  {
    contentType: 'application/pdf',
    extension: 'pdf',
    purpose: 'pdf',
    matches: (b) => startsWith(b, ascii('%PDF-')),
  },
];

export const ACCEPTED_CONTENT_TYPES = KINDS.map((k) => k.contentType);
const MB = 1024 * 1024;

/**
 * SVG is script-capable when opened directly, so an SVG with any active content is refused
 * rather than "cleaned" into something the operator did not upload.
 */
const SVG_ACTIVE =
  /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:|<!ENTITY|xlink:href\s*=\s*["']?(?!#)|\bhref\s*=\s*["']?(?!#|data:image\/)/i;

/**
 * Operator uploads (product §11.5): the declared content type must be one we accept for the purpose, the bytes
 * must really be that type (magic bytes, never the name or header alone), and the size must
 * be under the purpose's cap (image 5 MB, pdf 10 MB, video 50 MB).
 */
export function checkUpload(purpose: MediaPurpose, declared: string, bytes: Buffer) {
  const contentType = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  // application/octet-stream: the client does not know the type, so the bytes decide.
  const kind =
    contentType === 'application/octet-stream'
      ? KINDS.find((k) => k.purpose === purpose && k.matches(bytes))
      : KINDS.find((k) => k.contentType === contentType);
  const allowed = KINDS.filter((k) => k.purpose === purpose).map((k) => k.contentType);
  if (!kind && contentType === 'application/octet-stream') {
    throw unprocessable('content_mismatch', `The file is not one of ${allowed.join(', ')}`);
  }
  if (!kind || kind.purpose !== purpose) {
    throw new AppError(
      415,
      'unsupported_media_type',
      `A ${purpose} upload must be one of ${allowed.join(', ')}; got ${contentType || 'no content type'}`,
    );
  }
  const limit = MEDIA_LIMITS[purpose];
  if (bytes.length > limit) {
    throw new AppError(
      413,
      'file_too_large',
      `This ${purpose} is ${(bytes.length / MB).toFixed(1)} MB; ${purpose} uploads may be at most ${limit / MB} MB`,
      { maxBytes: limit },
    );
  }
  if (bytes.length === 0) throw unprocessable('empty_file', 'The file is empty');
  if (!kind.matches(bytes)) {
    throw unprocessable('content_mismatch', `The file's bytes are not a valid ${contentType} file`);
  }
  if (kind.contentType === 'image/svg+xml' && SVG_ACTIVE.test(bytes.toString('utf8'))) {
    throw unprocessable('unsafe_svg', 'SVG files with scripts, event handlers or external links are refused');
  }
  return kind;
}
