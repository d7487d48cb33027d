/**
 * Releases the slot hold of a booking whose checkout ended unpaid (an expired or failed Stripe
 * session, the demo page's Cancel), on the command path: the rule is
 * domain/commands/release-hold-command.ts (`transition` 'hold_ended'), run by the runner's
 * `executeCommand` in one transaction that re-reads the booking, so a payment settled at the
 * same moment wins or loses cleanly (docs/architecture.md "The path of a command"; docs/decisions/010).
 */
import { releaseHoldCommand, type HoldEndReason, type ReleaseHoldAnswer, type ReleaseHoldInput, type ReleaseHoldState } from '@domain/commands/release-hold-command';
import { findBySession } from '../booking-store/bookings-repo';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { chargeRows, paymentBookingRow } from './settle-payment';

/** The release-hold command on the server; run through `executeCommand` by the webhook and the demo page. */
export const releaseHoldServer: ServerCommand<ReleaseHoldInput, ReleaseHoldState, never, ReleaseHoldAnswer> = {
  command: releaseHoldCommand,
  path: '/api/fn/stripe-webhook',
  load(tx, input) {
    const rec = findBySession(tx, input.sessionId);
    return rec ? { booking: paymentBookingRow(rec), charges: chargeRows(tx, rec.id) } : { booking: null, charges: [] };
  },
  respond: (_app, a) => a,
};

/**
 * Cancels the `pending_payment` booking of `sessionId` with `reason`; paid bookings are never
 * touched. Returns true when a hold was released. Throws when the write fails (our 5xx).
 */
export function releaseHold(app: CoreApp, sessionId: string, reason: HoldEndReason): boolean {
  const run = executeCommand(app, releaseHoldServer, { sessionId, reason }, { staffId: '', origin: '', fingerprint: '' });
  return run.kind === 'answered' && (run.body as ReleaseHoldAnswer).released;
}
