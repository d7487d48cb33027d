/**
 * The zod rules of the waitlist calls' answers (web/src/features/waitlist/api/waitlist.ts), in a
 * module of their own: the calls load it with their request, in parallel, so no public page loads
 * zod before idle (docs/architecture.md "What a page loads").
 */
import { z } from 'zod';
import { OfferStatus } from '@domain/waitlist/waitlist-status';

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

/** POST /api/fn/waitlist/offer's answer. */
export const offerAnswerSchema = z.object({ offer: offerSchema });
/** POST /api/fn/waitlist/leave's answer. */
export const leaveAnswerSchema = z.object({ left: z.literal(true) });
/** POST /api/fn/waitlist/decline's answer; `passedOn` when the next in line was offered the time. */
export const declineAnswerSchema = z.object({ declined: z.literal(true), passedOn: z.boolean().optional() });
/** POST /api/fn/waitlist/accept-move's answer: the booking as moved. */
export const acceptMoveAnswerSchema = z.object({ booking: z.unknown() });
