// @ts-check
/**
 * `npm run restore -- BACKUP.zip NEW_DATA_DIR`: unpacks a backup into a new data directory
 * (`pocketbase restore`, README "Restore"); nothing else is touched.
 */
import { PB_BIN } from '../build/build-steps.mjs';
import { run } from '../lib/run.mjs';

try {
  await run(PB_BIN, ['restore', ...process.argv.slice(2)]);
} catch {
  process.exit(1); // pocketbase printed why
}
