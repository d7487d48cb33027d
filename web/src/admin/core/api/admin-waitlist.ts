/**
 * The owner's waitlist actions (the waitlist contract, "Owner"; admin only, an Idempotency-Key
 * each, online with a confirmation): POST /api/fn/admin-waitlist/offer { entry, slot } offers a
 * free time by hand (the offer step, by 'owner'), /skip { entry } and /remove { entry } take
 * someone out of line (an open offer of theirs ends and passes on). Each answers 200 { entry,
 * offer? } as stored, for the mirror; rejects with a ClientResponseError (409 with the server's
 * sentence: the slot taken meanwhile, the entry no longer waiting).
 */
import { z } from 'zod';
import { pb } from '@/lib/pb';

const row = z.looseObject({ id: z.string(), updated_at: z.string() });

export const waitlistAnswerSchema = z.object({
  entry: row,
  /** The offer made or ended, when there is one. */
  offer: row.nullish(),
});
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>;

async function post(path: string, body: Record<string, string>, idempotencyKey: string): Promise<WaitlistAnswer> {
  const res = await pb.send(path, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return waitlistAnswerSchema.parse(res);
}

/** Offers `slot` (a slot id, '9-12') of the entry's date to entry `entry`. */
export function offerWaitlistSlot(entry: string, slot: string, idempotencyKey: string): Promise<WaitlistAnswer> {
  return post('/api/fn/admin-waitlist/offer', { entry, slot }, idempotencyKey);
}

/** Skips entry `entry` (status 'skipped'). */
export function skipWaitlistEntry(entry: string, idempotencyKey: string): Promise<WaitlistAnswer> {
  return post('/api/fn/admin-waitlist/skip', { entry }, idempotencyKey);
}

/** Removes entry `entry` from the waitlist (status 'removed'). */
export function removeWaitlistEntry(entry: string, idempotencyKey: string): Promise<WaitlistAnswer> {
  return post('/api/fn/admin-waitlist/remove', { entry }, idempotencyKey);
}

const slotsSchema = z.object({
  bookable: z.boolean(),
  reason: z.string().nullable(),
  slots: z.array(z.object({ id: z.string(), label: z.string(), time: z.string(), available: z.boolean() })),
});
export type DaySlots = z.infer<typeof slotsSchema>;

/**
 * GET /api/fn/availability for a waiting entry's date, size and visit kind as the customer's
 * package would book it (its minimum notice): the free slots the owner may offer.
 */
export async function fetchDaySlots(date: string, size: string, kind: 'install' | 'removal', packageSlug: string): Promise<DaySlots> {
  const query: Record<string, string> = { date, size, kind };
  if (packageSlug) query.package = packageSlug;
  return slotsSchema.parse(await pb.send('/api/fn/availability', { method: 'GET', query, requestKey: null }));
}
