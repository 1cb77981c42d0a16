// Prints the gzip size of the JavaScript each entry loads first, so bundle growth is visible on every build.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const file of scripts) total += gzipSync(readFileSync(path.join(dist, file))).length;
const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
console.log(
  `first-load JavaScript (entry + modulepreload): ${(total / 1024).toFixed(1)} kB gzip in ${scripts.length} file(s); ${all.length} chunks in all`,
);
