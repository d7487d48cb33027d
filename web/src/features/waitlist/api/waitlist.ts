/**
 * The customer's waitlist calls (the waitlist contract: join, leave, offer, decline, accept-move),
 * with the manage pages' plain `fetch` (web/src/lib/manage-link-fetch.ts) rather than the SDK so
 * the public pages stay small; each answer is checked with its schema below. Each rejects with a
 * MyBookingError carrying the server's sentence and status (0: no answer; 404 a dead link; 409 a
 * refusal such as 'You are already on the waitlist for Saturday, December 12.').
 */
import { z } from 'zod';
import { OfferStatus } from '@domain/waitlist/waitlist-status';
import { MyBookingError, postManage } from '@/lib/manage-link-fetch';
import { takeEarlyResponse } from '@/lib/early-request';
import type { WaitlistJoinChoices } from '@/lib/waitlist-join';

export { MyBookingError as WaitlistError };

const kindSchema = z.enum(['install', 'removal']);

/** POST /api/fn/waitlist/join's answer: the entry and its place in line (1: first). */
export const joinAnswerSchema = z.object({
  entry: z.looseObject({ id: z.string(), date: z.string(), kind: kindSchema, status: z.string(), position: z.number().int().optional() }),
});
export type JoinAnswer = z.infer<typeof joinAnswerSchema>;

/**
 * The wizard's choices at join (web/src/features/booking/store.ts before the contact step),
 * kept with the entry so 'Book it' fills the wizard again: add-ons as `[{ id, quantity }]`.
 */
export const waitlistChoicesSchema = z.looseObject({
  package: z.string().optional(),
  size: z.string().optional(),
  addons: z.array(z.object({ id: z.string(), quantity: z.number() })).optional(),
  luxe: z.boolean().optional(),
  removal: z.boolean().optional(),
  extraTree: z.boolean().optional(),
  keepOrnaments: z.boolean().optional(),
  luxeKeepOrnaments: z.number().optional(),
});
export type WaitlistChoices = z.infer<typeof waitlistChoicesSchema>;

/** What `/waitlist/offer?token=` shows (POST /api/fn/waitlist/offer). `expiresAt` an ISO instant; `bookingId` set for a move offer. */
export const offerSchema = z.object({
  status: z.enum(OfferStatus),
  date: z.string(),
  kind: kindSchema,
  slot: z.object({ id: z.string(), label: z.string(), time: z.string() }),
  size: z.string(),
  expiresAt: z.string(),
  choices: waitlistChoicesSchema.nullable().catch(null),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The package and its price from the entry's choices, priced on the server (null for a move). */
  price: z.object({ packageTitle: z.string(), totalCents: z.number(), depositCents: z.number() }).nullish(),
  bookingId: z.string().nullish(),
});
export type WaitlistOffer = z.infer<typeof offerSchema>;
const offerAnswerSchema = z.object({ offer: offerSchema });

/**
 * What joining sends (the contract's body of POST /api/fn/waitlist/join). `date` YYYY-MM-DD (New
 * York). The contact is left out with a `bookingToken`: the server takes the booking's own.
 */
export interface JoinRequest {
  name?: string;
  email?: string;
  phone?: string;
  date: string;
  kind: 'install' | 'removal';
  size: string;
  package: string;
  choices: WaitlistJoinChoices;
  /** A manage-link token: waiting to move that booking's `kind` visit to `date`. */
  bookingToken?: string;
}

/** POST /api/fn/waitlist/join → the entry; 409 with the server's sentence when it cannot wait (already waiting, 5 dates, a free time, a date out of reach). */
export async function joinWaitlist(req: JoinRequest): Promise<JoinAnswer> {
  return joinAnswerSchema.parse(await postManage('/api/fn/waitlist/join', req));
}

/** POST /api/fn/waitlist/leave with the token of the joined e-mail's link; idempotent. */
export async function leaveWaitlist(token: string): Promise<void> {
  z.object({ left: z.literal(true) }).parse(await postManage('/api/fn/waitlist/leave', { token }));
}

/** POST /api/fn/waitlist/offer: the offer an offer e-mail's token opens; 404 'This offer link is not valid.' */
export async function fetchOffer(token: string): Promise<WaitlistOffer> {
  // The read web/public/early-requests.js started with the page, if it is still waiting.
  return offerAnswerSchema.parse(await postManage('/api/fn/waitlist/offer', { token }, { sent: takeEarlyResponse(`waitlist-offer:${token}`) })).offer;
}

/** POST /api/fn/waitlist/decline: 'No thanks'; the next in line is offered the time. */
export async function declineOffer(token: string): Promise<{ passedOn: boolean }> {
  const answer = z.object({ declined: z.literal(true), passedOn: z.boolean().optional() }).parse(await postManage('/api/fn/waitlist/decline', { token }));
  return { passedOn: answer.passedOn ?? false };
}

/** POST /api/fn/waitlist/accept-move: a move offer's 'Move my visit'; the booking as moved, or 409 with the move's sentence. */
export async function acceptMoveOffer(token: string): Promise<{ booking: unknown }> {
  return z.object({ booking: z.unknown() }).parse(await postManage('/api/fn/waitlist/accept-move', { token }));
}
