import { pb } from '@/lib/pb';
import { feedSchema } from './get-calendar-feed';

/** POST /api/fn/calendar-feed/rotate (admin only) → a new URL; the old one stops working at once. */
export async function rotateCalendarFeed(): Promise<string> {
  return feedSchema.parse(await pb.send('/api/fn/calendar-feed/rotate', { method: 'POST', body: {}, requestKey: null })).url;
}
