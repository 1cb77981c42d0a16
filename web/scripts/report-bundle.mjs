// Prints, after every build, the JavaScript a fan downloads before `/` and `/dashboard` can render
// (first-load.mjs says what counts; product §13.9, decision 021) and fails the build when a route
// needs more than 150 kB brotli, so bundle growth is caught where it is made.
// BUNDLE_BUDGET_WARN=1 only warns (to study an over-budget build).
import path from 'node:path';
import { BUDGET_KB, firstLoadOfBuild } from './first-load.mjs';

const dist = path.resolve(import.meta.dirname, '../dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const report = firstLoadOfBuild(dist);

console.log(`first-load JavaScript boot waits for (brotli, as sent; budget ${BUDGET_KB} kB per route):`);
let over = false;
for (const [route, { files, brotli, gzip }] of Object.entries(report)) {
  const fits = brotli <= BUDGET_KB * 1024;
  over ||= !fits;
  console.log(
    `  ${route.padEnd(11)} ${kb(brotli).padStart(9)} brotli (${kb(gzip)} gzip) in ${files.length} file(s) ${fits ? 'within budget' : 'OVER budget'}`,
  );
}
if (over) {
  console.error(
    `First-load JavaScript over ${BUDGET_KB} kB (decision 021): see what grew with PADDOCK_SOURCEMAP=1.`,
  );
  if (!process.env.BUNDLE_BUDGET_WARN) process.exitCode = 1;
}
