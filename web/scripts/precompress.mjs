// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, so the
// server sends compressed bytes without compressing on each request (@fastify/static's
// preCompressed option picks the copy the browser accepts; decision 021). Maximum levels: this
// runs once per build. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|ico)$/;
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') yield* files(full);
    } else if (COMPRESSIBLE.test(name)) yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  raw += bytes.length;
  br += Math.min(brotli.length, bytes.length);
  count += 1;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`,
);
