import { z } from 'zod';
import { pb } from '@/lib/pb';

const createdSchema = z.object({ email: z.string().min(1), password: z.string().min(1) });
export type CreatedAdmin = z.infer<typeof createdSchema>;

/** SPEC.md §8 / the server's 409 message. */
export const SETUP_ADMIN_MESSAGES = {
  created: 'Admin Account Created!',
  failed: 'Failed to create admin account',
  exists: 'An admin account already exists.',
} as const;

/**
 * POST /api/fn/setup-admin (DESIGN.md decision 9): creates the first admin with a password the
 * server generates and returns once. Rejects with a ClientResponseError (409 when an admin
 * already exists) or a zod error for an unexpected answer.
 */
export async function setupAdmin(): Promise<CreatedAdmin> {
  const res = await pb.send('/api/fn/setup-admin', { method: 'POST', body: {}, requestKey: null });
  return createdSchema.parse(res);
}
