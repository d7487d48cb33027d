/**
 * The customer's waitlist calls (the waitlist contract: join, leave, offer, decline, accept-move),
 * with the manage pages' plain `fetch` (web/src/lib/manage-link-fetch.ts) rather than the SDK so
 * the public pages stay small; each answer is checked with its schema (./waitlist-schemas.ts), which
 * loads with the call's request, in parallel, so the pages load no zod before idle. Each rejects with a
 * MyBookingError carrying the server's sentence and status (0: no answer; 404 a dead link; 409 a
 * refusal such as 'You are already on the waitlist for Saturday, December 12.').
 */
import { MyBookingError, postManage } from '@/lib/manage-link-fetch';
import { onDemand } from '@/lib/on-demand';
import { takeEarlyResponse } from '@/lib/early-request';
import type { WaitlistJoinChoices } from '@/lib/waitlist-join';
import type * as WaitlistSchemas from './waitlist-schemas';
import type { JoinAnswer, WaitlistOffer } from './waitlist-schemas';

export { MyBookingError as WaitlistError };
export type { JoinAnswer, WaitlistChoices, WaitlistOffer } from './waitlist-schemas';

const schemas = onDemand(() => import('./waitlist-schemas'));

/**
 * The answer of POST `route` with `body` (`sent`: that request already on its way) and the
 * answers' schemas, both at once; a failure to load the schemas is told as a lost connection.
 */
async function postWithSchemas(route: string, body: unknown, sent?: Promise<Response>): Promise<[unknown, typeof WaitlistSchemas]> {
  const rules = schemas.load().catch(() => {
    throw new MyBookingError('We could not reach the server. Please check your connection and try again.', 0);
  });
  // Both started before either is awaited: a refused request rejects with its own sentence.
  const [answer, loaded] = await Promise.allSettled([postManage<unknown>(route, body, { sent }), rules]);
  if (answer.status === 'rejected') throw answer.reason;
  if (loaded.status === 'rejected') throw loaded.reason;
  return [answer.value, loaded.value];
}

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
  const [answer, { joinAnswerSchema }] = await postWithSchemas('/api/fn/waitlist/join', req);
  return joinAnswerSchema.parse(answer);
}

/** POST /api/fn/waitlist/leave with the token of the joined e-mail's link; idempotent. */
export async function leaveWaitlist(token: string): Promise<void> {
  const [answer, { leaveAnswerSchema }] = await postWithSchemas('/api/fn/waitlist/leave', { token });
  leaveAnswerSchema.parse(answer);
}

/** POST /api/fn/waitlist/offer: the offer an offer e-mail's token opens; 404 'This offer link is not valid.' */
export async function fetchOffer(token: string): Promise<WaitlistOffer> {
  // The read web/public/early-requests.js started with the page, if it is still waiting.
  const [answer, { offerAnswerSchema }] = await postWithSchemas('/api/fn/waitlist/offer', { token }, takeEarlyResponse(`waitlist-offer:${token}`));
  return offerAnswerSchema.parse(answer).offer;
}

/** POST /api/fn/waitlist/decline: 'No thanks'; the next in line is offered the time. */
export async function declineOffer(token: string): Promise<{ passedOn: boolean }> {
  const [answer, { declineAnswerSchema }] = await postWithSchemas('/api/fn/waitlist/decline', { token });
  return { passedOn: declineAnswerSchema.parse(answer).passedOn ?? false };
}

/** POST /api/fn/waitlist/accept-move: a move offer's 'Move my visit'; the booking as moved, or 409 with the move's sentence. */
export async function acceptMoveOffer(token: string): Promise<{ booking: unknown }> {
  const [answer, { acceptMoveAnswerSchema }] = await postWithSchemas('/api/fn/waitlist/accept-move', { token });
  return acceptMoveAnswerSchema.parse(answer);
}
