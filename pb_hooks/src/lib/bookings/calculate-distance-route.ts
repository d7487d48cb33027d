/**
 * POST /api/fn/calculate-distance (docs/product.md §7; docs/architecture.md readings 8 and 16).
 * Body { address }. Response 200 { distance, duration, travelFee }: driving miles rounded to
 * 0.1, estimated minutes and the travel fee in cents (docs/product.md §9); or 200 { error,
 * refused: true } with the sentence checkout would refuse the address with (no findable ZIP,
 * beyond the maximum service distance), which the wizard shows under the address and which
 * blocks step 4; or 200 { error } for an address too short or long or a failed lookup, which
 * the wizard treats silently (result cleared, fee 0) as docs/product.md §7 says. Only a body
 * that is not a JSON object gets a 400.
 */
import { calculateDistance } from './distance';
import { runRead, type ServerRead } from '../commands/run-command';

/** The read on the runner (run-command.ts runRead): the address ('' when not a string), then the estimate. */
export const distanceRead: ServerRead<string> = {
  path: '/api/fn/calculate-distance',
  parse: (body) => ({ ok: true, value: typeof body.address === 'string' ? body.address : '' }),
  answer: (_app, address) => calculateDistance(address),
};

export function calculateDistanceRoute(e: core.RequestEvent): void {
  runRead(e, distanceRead);
}
