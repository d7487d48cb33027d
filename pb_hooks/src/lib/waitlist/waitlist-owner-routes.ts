/**
 * The owner's waitlist actions (the waitlist contract), admins only, Idempotency-Key required:
 * - POST /api/fn/admin-waitlist/offer { entry, slot } → 200 { entry, offer }: offers that slot by
 *   hand (the offer step's command, `by` 'owner': the entry still waiting, the slot free, outside
 *   the notice; else 409 with a sentence);
 * - POST /api/fn/admin-waitlist/skip { entry } and /remove { entry } → 200 { entry, offer? }: the
 *   entry 'skipped' or 'removed'; an open offer of it ends and its slot is offered to the next
 *   in line right after the commit.
 * On the runner; the rules are domain/commands/waitlist-offer-command.ts and
 * waitlist-leave-command.ts.
 */
import { waitlistOwnerCommand, type OwnerWaitlistAction, type WaitlistOwnerInput, type WaitlistReleaseAnswer, type WaitlistReleaseState } from '@domain/commands/waitlist-leave-command';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { offerFreedSlots, waitlistOffer } from './waitlist-offer-step';
import { findRecord } from '../records';
import { releaseStateOf } from './waitlist-token-routes';

function ownerRelease(action: OwnerWaitlistAction): ServerCommand<WaitlistOwnerInput, WaitlistReleaseState, never, WaitlistReleaseAnswer> {
  return {
    command: waitlistOwnerCommand(action),
    path: `/api/fn/admin-waitlist/${action}`,
    load: (tx, input) => releaseStateOf(tx, findRecord(tx, 'waitlist_entries', input.entryId)),
    respond(app, a) {
      offerFreedSlots(app, [a.freedDate]);
      const offer = a.offerId ? findRecord(app, 'waitlist_offers', a.offerId) : null;
      return { entry: app.findRecordById('waitlist_entries', a.entryId), ...(offer ? { offer } : {}) };
    },
  };
}

export function adminWaitlistOfferRoute(e: core.RequestEvent): void {
  runCommand(e, waitlistOffer);
}

export function adminWaitlistSkipRoute(e: core.RequestEvent): void {
  runCommand(e, ownerRelease('skip'));
}

export function adminWaitlistRemoveRoute(e: core.RequestEvent): void {
  runCommand(e, ownerRelease('remove'));
}
