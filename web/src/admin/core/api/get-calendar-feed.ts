import { z } from 'zod';
import { pb } from '@/lib/pb';

export const feedSchema = z.object({ url: z.string().min(1) });

/** GET /api/fn/calendar-feed (admin only) → the private ICS subscription URL, made on first use. */
export async function getCalendarFeed(): Promise<string> {
  return feedSchema.parse(await pb.send('/api/fn/calendar-feed', { method: 'GET', requestKey: null })).url;
}
