/**
 * The restore drill (docs/decisions/041-continuous-replication.md, scripts/lib/restore-drill.mjs)
 * with a one-second interval: the release from `npm run build`, copied out of the repository,
 * runs in production mode with its default replica beside the data dir; customers book and
 * pay with an inspiration image each; once the replica's manifest shows a pass after the last
 * of them, two more book and the server is killed with SIGKILL; the data dir is deleted,
 * `pocketbase restore-replica` rebuilds it, and the restored release has every booking (paid)
 * and image (same bytes) acknowledged before the recovery point.
 */
import { describe, expect, it } from 'vitest';
import { drillReport, runRestoreDrill } from '../../scripts/lib/restore-drill.mjs';

const INTERVAL_SECONDS = 1;

describe('kill -9, data dir lost, restored from the replica', () => {
  it('loses no acknowledged booking or file older than the recovery point, which is at most an interval (and a pass) old', async () => {
    const result = await runRestoreDrill({ intervalSeconds: INTERVAL_SECONDS, before: 5, after: 2 });
    const report = drillReport(result).join('\n');
    // The five before the awaited pass are older than the recovery point; of the two after it, a
    // pass that ran before the kill (a slow or busy machine) makes them older too.
    expect(result.older, report).toMatchObject({ lostBookings: [], lostFiles: [] });
    expect(result.older.bookings, report).toBeGreaterThanOrEqual(5);
    expect(result.older.files, report).toBe(result.older.bookings);
    expect(result.older.bookings + result.newer.bookings, report).toBe(7);
    expect(result.recoveryPointAgeSeconds, report).toBeGreaterThanOrEqual(0);
    // A pass starts every interval; the one under way at the crash may not have finished.
    expect(result.recoveryPointAgeSeconds, report).toBeLessThan(2 * INTERVAL_SECONDS + 3);
    expect(result.restoreOutput).toMatch(/^Restored snapshots\/data-\S+\.db\.gz \(taken \S+\) and \d+ files from \S+-replica into /);
  }, 60_000);
});
