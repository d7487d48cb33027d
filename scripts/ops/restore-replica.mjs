// @ts-check
/**
 * `npm run restore-replica -- REPLICA NEW_DATA_DIR`: rebuilds a data directory from the replica
 * that the server keeps (`pocketbase restore-replica`, README "Restore"; REPLICA is e.g.
 * pb_data-replica, or "s3" for the REPLICA_S3_* bucket); nothing else is touched.
 */
import { PB_BIN } from '../build/build-steps.mjs';
import { run } from '../lib/run.mjs';

try {
  await run(PB_BIN, ['restore-replica', ...process.argv.slice(2)]);
} catch {
  process.exit(1); // pocketbase printed why
}
