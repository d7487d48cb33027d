// @ts-check
/**
 * `npm run drill:restore`: the restore drill of docs/decisions/041-continuous-replication.md
 * (scripts/lib/restore-drill.mjs) on the release: book and pay, replicate, kill -9, delete the
 * data dir, restore from the replica, and print how many acknowledged bookings and files were
 * lost, older and newer than the recovery point. Exits 1 when any older one was lost.
 *
 * REPLICA_INTERVAL_SECONDS (default 60, as in production) is the server's interval; the drill
 * waits for one pass, so it takes about that long. DRILL_BOOKINGS (default 8) are booked before
 * that pass and DRILL_AFTER (default 2) after it. SKIP_BUILD=1 uses release/ as it is.
 */
import { buildAll } from '../build/build-steps.mjs';
import { drillReport, runRestoreDrill } from '../lib/restore-drill.mjs';

const number = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the release…');
  await buildAll();
}
const result = await runRestoreDrill({
  intervalSeconds: number('REPLICA_INTERVAL_SECONDS', 60),
  before: number('DRILL_BOOKINGS', 8),
  after: number('DRILL_AFTER', 2),
  log: (line) => console.log(line),
});
console.log(result.restoreOutput.trim());
for (const line of drillReport(result)) console.log(line);
process.exit(result.older.lostBookings.length + result.older.lostFiles.length > 0 ? 1 : 0);
