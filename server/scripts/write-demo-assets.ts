// Regenerates the committed demo pictures and rules PDF of the sweepstake and activation seed
// (server/seed-assets/{sweepstakes,activations}, decision 033): `npx tsx server/scripts/write-demo-assets.ts`.
import { SEED_ASSETS_DIR } from '../src/platform/file-store.ts';
import { writeDemoAssets } from '../src/seed/sweepstakes-demo-assets.ts';

writeDemoAssets();
console.info(`demo sweepstake and activation assets written under ${SEED_ASSETS_DIR}`);
