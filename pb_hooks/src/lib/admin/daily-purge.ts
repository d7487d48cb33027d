/**
 * The daily purge (cron `purge-tombstones`, 08:30 UTC, and POST /api/fn/jobs/purge-tombstones):
 * rows kept only for a while, each by its own rule and the server clock (APP_NOW in tests):
 * tombstones after 400 days (lib/admin/tombstones.ts), Idempotency-Keys after 30
 * (lib/commands/request-keys.ts; docs/decisions/039).
 */
import { purgeRequestKeys } from '../commands/request-keys';
import { purgeTombstones } from './tombstones';

/** How many rows each purge deleted. */
export interface DailyPurgeResult {
  /** Tombstones (the name the job's answer has always had). */
  purged: number;
  purgedRequestKeys: number;
}

export function dailyPurge(app: CoreApp): DailyPurgeResult {
  return { purged: purgeTombstones(app), purgedRequestKeys: purgeRequestKeys(app) };
}
