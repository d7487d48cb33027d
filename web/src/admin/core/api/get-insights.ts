import { z } from 'zod';
import { pb } from '@/lib/pb';

const count = z.number().int().nonnegative();
const cents = z.number().int();

/** The answer of GET /api/fn/insights (docs/decisions/015; money in cents, docs/product.md §9 Revenue and insights). */
export const insightsSchema = z.object({
  website: z.object({
    pageViews: count,
    sessions: count,
    conversions: count,
    /** Percent, one decimal. */
    conversionRate: z.number(),
    trafficSources: z.object({ qr_code: count, social_media: count, google_ad: count, organic: count, direct: count }),
    topCountries: z.array(z.object({ country: z.string(), count })),
    devices: z.object({ desktop: count, mobile: count, tablet: count }),
    topDevice: z.string(),
  }),
  bookings: z.object({ total: count, pending: count, completed: count, thisMonth: count }),
  revenue: z.object({ collected: cents, pending: cents, expected: cents }),
  /** Deposits and balances collected per week of the season (weekStart YYYY-MM-DD). */
  weekly: z.array(z.object({ weekStart: z.string(), deposits: cents, balances: cents })).default([]),
});
export type Insights = z.infer<typeof insightsSchema>;

/** GET /api/fn/insights (admin only). Rejects with a ClientResponseError or a zod error. */
export async function getInsights(): Promise<Insights> {
  return insightsSchema.parse(await pb.send('/api/fn/insights', { method: 'GET', requestKey: null }));
}
