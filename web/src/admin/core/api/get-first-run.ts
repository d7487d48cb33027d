import { z } from 'zod';
import { pb } from '@/lib/pb';

/** The answer of GET /api/fn/admin-first-run (docs/decisions/059): the business's sender address and whether a season is saved. */
export const firstRunSchema = z.object({ senderAddress: z.string(), seasonSaved: z.boolean() });
export type FirstRunServerFacts = z.infer<typeof firstRunSchema>;

/** GET /api/fn/admin-first-run (admin only). Rejects with a ClientResponseError or a zod error. */
export async function getFirstRun(): Promise<FirstRunServerFacts> {
  return firstRunSchema.parse(await pb.send('/api/fn/admin-first-run', { method: 'GET', requestKey: null }));
}
