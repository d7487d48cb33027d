import { pb } from '@/lib/pb';
import type { BlockedDateRow } from './list-blocked-dates';

/** Blocks a date (YYYY-MM-DD) on every public calendar (admin create rule; 400 when already blocked). */
export function createBlockedDate(date: string, reason: string): Promise<BlockedDateRow> {
  return pb.collection('blocked_dates').create<BlockedDateRow>({ blocked_date: date, reason }, { requestKey: null });
}
