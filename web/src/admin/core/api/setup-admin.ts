import { z } from 'zod';
import { pb } from '@/lib/pb';

const createdSchema = z.object({ email: z.string().min(1), password: z.string().min(1) });
export type CreatedAdmin = z.infer<typeof createdSchema>;

/** docs/product.md §8 / the server's 409 message. */
export const SETUP_ADMIN_MESSAGES = {
  created: 'Admin Account Created!',
  failed: 'Failed to create admin account',
  exists: 'An admin account already exists.',
} as const;

/**
 * POST /api/fn/setup-admin (docs/architecture.md reading 9; docs/decisions/023): creates the first admin
 * with a password the server generates and returns once, for the holder of the one-time setup
 * code `code` (from the server's start message), with the owner's address `email` (where
 * "Forgot password?" writes; docs/decisions/034). Rejects with a ClientResponseError (400 not an
 * address, 403 wrong code, 409 an admin already exists, 429 too many tries) or a zod error for an unexpected answer.
 */
export async function setupAdmin(code: string, email: string): Promise<CreatedAdmin> {
  const res = await pb.send('/api/fn/setup-admin', { method: 'POST', body: { code, email: email.trim() }, requestKey: null });
  return createdSchema.parse(res);
}

/** GET /api/fn/setup-admin: whether the first admin can still be created (no admin exists yet). False when the server cannot say. */
export async function setupOpen(): Promise<boolean> {
  try {
    const res = await pb.send('/api/fn/setup-admin', { method: 'GET', requestKey: null });
    return z.object({ open: z.boolean() }).parse(res).open;
  } catch {
    return false;
  }
}
