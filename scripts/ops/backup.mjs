// @ts-check
/**
 * `npm run backup [-- name.zip]`: a backup of the data dir now (PB_DATA_DIR, default ./pb_data),
 * safe while the server runs, in PocketBase's backup format and place (pb_data/backups, or the
 * S3 storage set by BACKUP_S3_*). It runs `pocketbase backup`, which a release has too:
 * `/opt/thoughtfully-adorned/pocketbase backup --dir /var/lib/thoughtfully-adorned` (README).
 */
import path from 'node:path';
import { PB_BIN } from '../build/build-steps.mjs';
import { ROOT, run } from '../lib/run.mjs';

const dataDir = path.resolve(ROOT, process.env.PB_DATA_DIR ?? 'pb_data');
try {
  await run(PB_BIN, ['backup', '--dir', dataDir, ...process.argv.slice(2, 3)]);
} catch {
  process.exit(1); // pocketbase printed why
}
