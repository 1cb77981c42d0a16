/**
 * Generates the demo content media committed under server/seed-assets/content: SVG posters,
 * covers and story chapters, and ten short H.264 clips. The app never runs this (it serves
 * the committed files); rerun it after editing content-demo-data.ts:
 *
 *   npx tsx server/scripts/generate-demo-assets.ts            # SVGs + clips (needs ffmpeg)
 *   npx tsx server/scripts/generate-demo-assets.ts --svg-only # SVGs only
 *
 * Output is deterministic apart from ffmpeg's encoder version.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  articleCoverPath,
  DEMO_ARTICLES,
  DEMO_PLAYLISTS,
  DEMO_STORIES,
  DEMO_VIDEOS,
  playlistCoverPath,
  storyChapterPath,
  storyCoverPath,
  TEAL,
  videoClipPath,
  videoPosterPath,
} from '../src/seed/content-demo-data.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../seed-assets');
const FONT = 'Inter, "Helvetica Neue", Arial, sans-serif';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  opts: { weight?: number; fill?: string; lineHeight?: number } = {},
) {
  const lh = opts.lineHeight ?? size * 1.15;
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${y + i * lh}" font-family='${FONT}' font-size="${size}" font-weight="${opts.weight ?? 800}" fill="${opts.fill ?? '#ffffff'}">${escapeXml(l)}</text>`,
    )
    .join('');
}

/** A side-on single-seater silhouette, 300 × 70 units. */
const car = (x: number, y: number, scale: number, colour: string) =>
  `<g transform="translate(${x} ${y}) scale(${scale})" fill="${colour}">
<path d="M0 50 L18 40 L88 37 L118 28 L150 25 L164 12 L186 12 L192 25 L240 29 L282 33 L300 30 L300 52 L0 52 Z"/>
<rect x="280" y="18" width="22" height="6" rx="2"/>
<circle cx="58" cy="52" r="17" fill="#05060a" stroke="${colour}" stroke-width="4"/>
<circle cx="244" cy="52" r="17" fill="#05060a" stroke="${colour}" stroke-width="4"/>
</g>`;

function speedStripes(w: number, h: number, accent: string) {
  const stripes = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${w * 0.55 + i * 46}" y="-20" width="${18 - i * 3}" height="${h + 40}" fill="${i % 2 ? TEAL : accent}" opacity="${0.55 - i * 0.1}"/>`,
    )
    .join('');
  return `<g transform="skewX(-22)">${stripes}</g>`;
}

function checkerStrip(w: number, y: number, size: number) {
  let cells = '';
  for (let i = 0; i * size < w; i += 1) {
    cells += `<rect x="${i * size}" y="${y + (i % 2) * size}" width="${size}" height="${size}" fill="#ffffff" opacity="0.85"/>`;
  }
  return `<rect x="0" y="${y}" width="${w}" height="${size * 2}" fill="#05060a"/>${cells}`;
}

function frame(w: number, h: number, accent: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a1f2b"/><stop offset="1" stop-color="#07080c"/></linearGradient>
<radialGradient id="glow" cx="0.8" cy="0.2" r="0.7"><stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>
${speedStripes(w, h, accent)}
${body}
</svg>
`;
}

const label = (x: number, y: number, text: string, accent: string, size = 16) =>
  `<rect x="${x}" y="${y - size}" width="6" height="${size + 4}" fill="${accent}"/>` +
  textLines([text.toUpperCase()], x + 14, y, size, { weight: 700, fill: '#c9ced8' });

/** A frame whose art stands on a chequered strip along the bottom edge, `size` px a square. */
function chequered(w: number, h: number, accent: string, art: string, size: number) {
  return frame(w, h, accent, `${art}\n${checkerStrip(w, h - size * 2, size)}`);
}

function videoPoster(v: (typeof DEMO_VIDEOS)[number]) {
  return chequered(640, 360, v.accent, car(170, 150, 0.95, v.accent), 6);
}

function playlistCover(p: (typeof DEMO_PLAYLISTS)[number]) {
  return chequered(640, 360, p.accent, `${car(120, 120, 0.8, '#ffffff')}${car(170, 190, 1.05, p.accent)}`, 6);
}

function articleCover(a: (typeof DEMO_ARTICLES)[number]) {
  return chequered(1200, 675, a.accent, car(330, 300, 1.8, a.accent), 10);
}

/** A 540×960 story cover: art only, the rail and the viewer write the story's title. */
function storyCover(accent: string) {
  return frame(540, 960, accent, `${car(60, 560, 1.4, accent)}${checkerStrip(540, 960 - 24, 12)}`);
}

/**
 * A 540×960 story chapter. A story chapter is a picture (the viewer shows no caption), so its
 * headline and body are the chapter's content; they are drawn inside a safe area (40 px
 * margins, lines wrapped for the widest glyphs) so no word runs off the slide. The viewer draws
 * the progress and the sponsor, so the picture does not repeat them.
 */
function storyChapter(accent: string, kicker: string, headline: string, body: string) {
  return chequered(
    540,
    960,
    accent,
    `${car(60, 600, 1.4, accent)}
${label(40, 110, kicker, accent, 22)}
${textLines(wrap(headline, 14), 40, 220, 46)}
${textLines(wrap(body, 28), 40, 420, 24, { weight: 500, fill: '#d5d9e2', lineHeight: 34 })}`,
    12,
  );
}

function write(relative: string, content: string) {
  const full = path.join(ROOT, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

function ffmpegColour(hex: string) {
  return `0x${hex.replace('#', '')}`;
}

/** The car silhouette as a transparent PNG ffmpeg can overlay (rendered with sharp). */
async function carSprite(accent: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 -5 310 75">${car(0, 0, 1, accent)}</svg>`;
  const file = path.join(tmpdir(), `paddock-car-${accent.replace('#', '')}-480.png`);
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/**
 * A 1280×720, 24 fps clip: red-and-white kerbs and the team car streaking past on a dark
 * track. No words and no timer in the picture (the player shows the title and the time), encoded
 * small (CRF 34, no audio) so all ten stay far under the 3 MB budget.
 */
async function clip(v: (typeof DEMO_VIDEOS)[number]) {
  const d = v.durationSeconds;
  const kerb = "geq=r='255':g='if(lt(mod(X,96),48),6,255)':b='if(lt(mod(X,96),48),0,255)'";
  const graph = [
    `color=c=0x0b0d12:s=1280x720:r=24:d=${d}[bg]`,
    `color=c=white:s=1600x32:r=24:d=${d},format=rgb24,${kerb}[kerb]`,
    `color=c=${ffmpegColour(TEAL)}:s=1280x12:r=24:d=${d}[line]`,
    `[bg]drawbox=x=0:y=472:w=iw:h=176:color=0x1c212c@1:t=fill,drawbox=x=0:y=556:w=iw:h=8:color=white@0.25:t=fill[track]`,
    `[track][kerb]overlay=x='-mod(t*1200,192)':y=648[a]`,
    `[a][0:v]overlay=x='mod(t*1040,1760)-480':y=464:shortest=1[b]`,
    `[b][line]overlay=x=0:y=0[out]`,
  ].join(';');
  const out = path.join(ROOT, videoClipPath(v.key));
  mkdirSync(path.dirname(out), { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-framerate',
      '24',
      '-i',
      await carSprite(v.accent),
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-t',
      String(d),
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '34',
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'baseline',
      '-movflags',
      '+faststart',
      '-an',
      out,
    ],
    { stdio: 'inherit' },
  );
}

async function main() {
  const svgOnly = process.argv.includes('--svg-only');
  for (const v of DEMO_VIDEOS) write(videoPosterPath(v.key), videoPoster(v));
  for (const p of DEMO_PLAYLISTS) write(playlistCoverPath(p.key), playlistCover(p));
  for (const a of DEMO_ARTICLES) write(articleCoverPath(a.slug), articleCover(a));
  for (const s of DEMO_STORIES) {
    write(storyCoverPath(s.key), storyCover(s.accent));
    s.chapters.forEach((c, i) => {
      if (c.clipKey) return;
      write(storyChapterPath(s.key, i), storyChapter(s.accent, s.kicker, c.headline, c.body));
    });
  }
  if (!svgOnly) for (const v of DEMO_VIDEOS) await clip(v);

  let total = 0;
  const walk = (dir: string) => {
    for (const v of DEMO_VIDEOS) {
      const f = path.join(dir, videoClipPath(v.key));
      if (existsSync(f)) total += statSync(f).size;
    }
  };
  walk(ROOT);
  console.log(`Demo content assets written to ${ROOT}; clips total ${(total / 1024).toFixed(0)} KiB`);
}

await main();
