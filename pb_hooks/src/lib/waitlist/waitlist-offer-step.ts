/**
 * The waitlist's offer step (the waitlist contract; domain/waitlist/waitlist.ts nextOffers):
 * for each date, the entries waiting in line get the slots that are free, one transaction per
 * offer (domain/commands/waitlist-offer-command.ts through the runner's executeCommand, with no
 * caller or key, as the hold-expiry job), so two runs at one time never offer one slot twice or
 * one entry twice. Open offers past their expiry, or whose slot went another way, end first
 * (domain/commands/waitlist-expire-command.ts). Run by the every-minute job and its run-now
 * route (waitlist-offers-job.ts), and right after the commit of every change that frees a slot
 * (`offerFreedSlots`: a cancel, a move, an expired hold, a blocked day removed, a booking
 * deleted), where a failure is logged and never fails the change: the job catches up within a
 * minute. Before it picks the next in line, the entries that left the line by themselves are
 * closed (`closeStaleEntries`: a move whose booking was cancelled, a customer booked another
 * way), so no cancel or booking path needs a hook of its own.
 */
import { waitlistCloseCommand, type WaitlistCloseAnswer, type WaitlistCloseInput, type WaitlistCloseState } from '@domain/commands/waitlist-close-command';
import { waitlistExpireCommand, type WaitlistEndedMail, type WaitlistExpireAnswer, type WaitlistExpireInput, type WaitlistExpireState } from '@domain/commands/waitlist-expire-command';
import { waitlistOfferCommand, type WaitlistOfferAnswer, type WaitlistOfferInput, type WaitlistOfferMail, type WaitlistOfferState } from '@domain/commands/waitlist-offer-command';
import { businessToday } from '@domain/schedule/calendar';
import { slotHasConflict } from '@domain/schedule/overlap';
import { parseSlotId } from '@domain/schedule/slots';
import { nextOffers } from '@domain/waitlist/waitlist';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { OfferStatus } from '@domain/waitlist/waitlist-status';
import { nowMs as nowOf } from '../clock';
import { executeCommand, type CommandContext, type ServerCommand } from '../commands/run-command';
import { logError } from '../log';
import { waitlistOfferEndedMail, waitlistOfferMail } from './waitlist-mail';
import { loadBlockedDates, loadCrews } from '../settings';
import { findRecord } from '../records';
import { closeStateOf, datesWithWaiting, entriesToClose, loadOfferHours, newRecordId, offerStateOf, openOffers, waitingEntriesOn, waitingEntryOf, waitlistTokenHash } from './waitlist-repo';
import { waitlistOfferField } from '../waitlist-row';

const NO_CALLER: CommandContext = { staffId: '', origin: '', fingerprint: '' };

/** One offer: the entry and the date's schedules read in the transaction, the new offer's id and token hash made here. */
export const waitlistOffer: ServerCommand<WaitlistOfferInput, WaitlistOfferState, WaitlistOfferMail, WaitlistOfferAnswer> = {
  command: waitlistOfferCommand,
  path: '/api/fn/admin-waitlist/offer',
  load(tx, input) {
    const rec = findRecord(tx, 'waitlist_entries', input.entryId);
    const entry = rec ? waitingEntryOf(tx, rec) : null;
    const newOfferId = newRecordId();
    return {
      entry,
      schedules: entry ? bookingsOnDates(tx, [entry.date]) : [],
      crews: loadCrews(tx),
      offerHours: loadOfferHours(tx),
      newOfferId,
      tokenHash: waitlistTokenHash(tx, newOfferId, 'waitlist-offer'),
    };
  },
  composeMail: (tx, m) => waitlistOfferMail(tx, tx.findRecordById('waitlist_offers', m.offerId)),
  respond: (app, a) => ({ entry: app.findRecordById('waitlist_entries', a.entryId), offer: app.findRecordById('waitlist_offers', a.offerId) }),
  // Two offer steps for one entry at the same instant: the one-open-offer-per-entry index refuses the second.
  writeRefusal: (err) => (String(err).includes('UNIQUE') ? { status: 409, message: 'This person is no longer waiting.' } : null),
  // The step runs after another change's commit: its answer must not wait for SMTP (the deliver-mail job sends it within a minute).
  deliver: 'by-job',
};

/** Whether open offer `offer`'s slot is full without it at `now` (another booking, hold or offer took it). */
function slotTakenOtherwise(app: CoreApp, offer: core.Record, now: number): boolean {
  const slot = parseSlotId(waitlistOfferField(offer, 'time_slot'));
  if (!slot) return true;
  const others = bookingsOnDates(app, [waitlistOfferField(offer, 'date')]).filter((s) => s.id !== `offer:${offer.id}`);
  return slotHasConflict(waitlistOfferField(offer, 'date'), slot, others, now, loadCrews(app));
}

/** The end of one open offer, re-read in its transaction. */
export const waitlistExpire: ServerCommand<WaitlistExpireInput, WaitlistExpireState, WaitlistEndedMail, WaitlistExpireAnswer> = {
  command: waitlistExpireCommand,
  path: '',
  load(tx, input) {
    const rec = findRecord(tx, 'waitlist_offers', input.offerId);
    if (!rec) return { offer: null, takenOtherwise: false };
    return { offer: offerStateOf(rec), takenOtherwise: waitlistOfferField(rec, 'status') === OfferStatus.Open && slotTakenOtherwise(tx, rec, nowOf()) };
  },
  composeMail: (tx, m) => waitlistOfferEndedMail(tx, tx.findRecordById('waitlist_offers', m.offerId)),
  respond: (_app, a) => a,
  deliver: 'by-job',
};

/** The close of one entry that left the line by itself, re-read in its transaction. */
const waitlistClose: ServerCommand<WaitlistCloseInput, WaitlistCloseState, never, WaitlistCloseAnswer> = {
  command: waitlistCloseCommand,
  path: '',
  load: (tx, input) => closeStateOf(tx, input.entryId),
  respond: (_app, a) => a,
};

/**
 * Closes the live entries that left the line by themselves (domain/commands/waitlist-close-command.ts):
 * a move whose booking was cancelled or deleted ('left', its open offer declined) and an entry
 * whose customer got a booking of that visit on that date another way ('booked', its open offer
 * ended); the dates whose held slot went back are added to `freed`. One transaction per entry;
 * a failure is logged (the next run tries again).
 */
export function closeStaleEntries(app: CoreApp, freed: Set<string>): number {
  let closed = 0;
  for (const entryId of entriesToClose(app)) {
    try {
      const run = executeCommand(app, waitlistClose, { entryId }, NO_CALLER);
      if (run.kind !== 'answered') continue;
      const a = run.body as WaitlistCloseAnswer;
      if (a.closed !== 'none') closed++;
      if (a.freedDate) freed.add(a.freedDate);
    } catch (err) {
      logError(`waitlist: closing entry ${entryId} failed: ${String(err)}`);
    }
  }
  return closed;
}

/** What one run of the step did: offers expired, offers ended, offers made. */
export interface OfferStepResult {
  expired: number;
  ended: number;
  offered: number;
}

/** Ends the open offers past their expiry or whose slot went another way; the dates they freed are added to `freed`. */
export function endStaleOffers(app: CoreApp, now: number, freed: Set<string>): Pick<OfferStepResult, 'expired' | 'ended'> {
  let expired = 0;
  let ended = 0;
  for (const offer of openOffers(app)) {
    const s = offerStateOf(offer);
    // Only an offer that looks stale opens a transaction; the command decides again inside it.
    if (s.expiresAtMs > now && !slotTakenOtherwise(app, offer, now)) continue;
    try {
      const run = executeCommand(app, waitlistExpire, { offerId: offer.id }, NO_CALLER);
      if (run.kind !== 'answered') continue;
      const a = run.body as WaitlistExpireAnswer;
      if (a.outcome === OfferStatus.Expired) {
        expired++;
        freed.add(a.date);
      } else if (a.outcome === OfferStatus.Ended) ended++;
    } catch (err) {
      logError(`waitlist: ending offer ${offer.id} failed: ${String(err)}`);
    }
  }
  return { expired, ended };
}

/** Makes the offers `nextOffers` plans for each of `dates` at `now`; returns how many were made. */
export function offerOnDates(app: CoreApp, dates: Iterable<string>, now: number): number {
  const today = businessToday(new Date(now));
  const crews = loadCrews(app);
  const offerHours = loadOfferHours(app);
  const blocked = loadBlockedDates(app);
  let offered = 0;
  for (const date of new Set(dates)) {
    // A blocked day is closed: its slots are offered when the owner removes the block.
    if (!date || date < today || blocked.has(date)) continue;
    const entries = waitingEntriesOn(app, date);
    if (entries.length === 0) continue;
    for (const plan of nextOffers(entries, bookingsOnDates(app, [date]), date, now, offerHours, crews)) {
      try {
        // The slot is chosen again inside the transaction (the first free one for the entry), as planned unless something changed meanwhile.
        const run = executeCommand(app, waitlistOffer, { entryId: plan.entry.id, slotId: '', by: 'job' as const }, NO_CALLER);
        if (run.kind === 'answered') offered++;
      } catch (err) {
        logError(`waitlist: offering ${date} to entry ${plan.entry.id} failed: ${String(err)}`);
      }
    }
  }
  return offered;
}

/** The whole step: entries that left by themselves closed, stale offers ended, then every date with people waiting offered what is free. */
export function runWaitlistOffers(app: CoreApp, now: number): OfferStepResult {
  const freed = new Set<string>();
  closeStaleEntries(app, freed);
  const { expired, ended } = endStaleOffers(app, now, freed);
  const offered = offerOnDates(app, datesWithWaiting(app, businessToday(new Date(now))), now);
  return { expired, ended, offered };
}

/**
 * After the commit of a change that freed slots on `dates`: offers them to the people waiting.
 * Returns how many offers were made (0 also when nobody waits). Best effort: a failure is logged
 * and never fails the change (the every-minute job catches up).
 */
export function offerFreedSlots(app: CoreApp, dates: readonly (string | null | undefined)[], now: number = nowOf()): number {
  try {
    const freed = new Set(dates.filter((d): d is string => !!d));
    // A cancel may have ended a move someone waits for: that entry leaves, its held slot goes on.
    closeStaleEntries(app, freed);
    return freed.size > 0 ? offerOnDates(app, freed, now) : 0;
  } catch (err) {
    logError(`waitlist: offering freed slots on ${dates.join(', ')} failed: ${String(err)}`);
    return 0;
  }
}
