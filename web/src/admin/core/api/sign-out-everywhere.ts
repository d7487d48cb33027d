import { z } from 'zod';
import { pb } from '@/lib/pb';

const answerSchema = z.object({ signedOut: z.literal(true) });

/**
 * POST /api/fn/admin-session/sign-out-everywhere (admin only; docs/decisions/043): every staff
 * token of this admin's account issued so far stops working, this device's included. Rejects
 * with a ClientResponseError (status 0 when offline).
 */
export async function signOutEverywhere(): Promise<void> {
  answerSchema.parse(await pb.send('/api/fn/admin-session/sign-out-everywhere', { method: 'POST', body: {}, requestKey: null }));
}
