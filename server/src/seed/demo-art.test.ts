import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAROUSEL_ITEMS } from '../modules/carousel/carousel-items.ts';
import { SEED_ASSETS_DIR } from '../platform/file-store.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * A story chapter is a picture with no caption in the viewer, so its words are its content;
 * every other picture sits under text the app writes itself (titles, points, status).
 */
const isStoryChapter = (file: string) => /content\/stories\/[^/]+\/chapter-\d+\.svg$/.test(file);

/** Width and height of an MP4's first track with a picture, read from its `tkhd` box (16.16 fixed point). */
function mp4Size(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  for (let at = bytes.indexOf('tkhd'); at !== -1; at = bytes.indexOf('tkhd', at + 4)) {
    const box = at - 4;
    const size = bytes.readUInt32BE(box);
    const width = bytes.readUInt32BE(box + size - 8) / 65536;
    const height = bytes.readUInt32BE(box + size - 4) / 65536;
    if (width > 0 && height > 0) return { width, height };
  }
  throw new Error(`${file}: no video track`);
}

describe('demo artwork (decision 033)', () => {
  it('carries no words where the app writes its own: posters, covers, prizes, badges, challenges', () => {
    const pictures = filesUnder(SEED_ASSETS_DIR).filter((f) => f.endsWith('.svg') && !isStoryChapter(f));
    expect(pictures.length).toBeGreaterThan(40);
    const withText = pictures.filter((f) => /<text\b/.test(readFileSync(f, 'utf8')));
    expect(withText.map((f) => path.relative(SEED_ASSETS_DIR, f))).toEqual([]);
  });

  it('keeps story chapter words inside the slide', () => {
    const chapters = filesUnder(SEED_ASSETS_DIR).filter(isStoryChapter);
    expect(chapters.length).toBeGreaterThan(10);
    for (const file of chapters) {
      const svg = readFileSync(file, 'utf8');
      const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
      for (const [, x, size, text] of svg.matchAll(
        /<text x="(\d+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g,
      )) {
        // The widest glyphs of a bold face are about 0.62 em; the line must end inside the margin.
        const right = Number(x) + (text ?? '').length * Number(size) * 0.62;
        expect(right, `${path.relative(SEED_ASSETS_DIR, file)}: "${text}"`).toBeLessThanOrEqual(width - 20);
      }
    }
  });

  it('draws the dashboard carousel cards without words', () => {
    for (const item of CAROUSEL_ITEMS) {
      if (!item.image.startsWith('data:image/svg+xml')) continue;
      expect(decodeURIComponent(item.image), item.id).not.toMatch(/<text\b/);
    }
  });

  it('ships video clips of at least 1280×720', () => {
    const clips = filesUnder(SEED_ASSETS_DIR).filter((f) => f.endsWith('.mp4'));
    expect(clips.length).toBeGreaterThanOrEqual(10);
    for (const clip of clips) {
      const { width, height } = mp4Size(clip);
      expect(width, path.basename(clip)).toBeGreaterThanOrEqual(1280);
      expect(height, path.basename(clip)).toBeGreaterThanOrEqual(720);
    }
  });
});
