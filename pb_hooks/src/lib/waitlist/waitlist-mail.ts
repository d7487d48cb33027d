/**
 * The waitlist's e-mails composed from the records as changed (the waitlist contract; the words
 * are domain/mail/waitlist.ts): joined, with 'Leave the waitlist' (`/waitlist/leave?token=…`);
 * an offer, with 'Book it' or 'Move my visit' and 'No thanks' (`/waitlist/offer?token=…`, the
 * decline on the same page); an offer that ended. Each is queued once under its own key: the
 * entry's id for the joined e-mail, the offer's id for the others (docs/decisions/021, 049).
 */
import { BUSINESS } from '@domain/business';
import { joinedLetter, offerEndedLetter, offerLetter, WAITLIST_BUTTONS } from '@domain/mail/waitlist';
import { parseTimestamp } from '@domain/schedule/calendar';
import { configuredOrigin } from '../http';
import { composeMail } from '../mail/compose';
import { mailKey, type QueuedMail } from '../mail/mail-outbox';
import { waitlistToken } from './waitlist-repo';
import { waitlistEntryField, waitlistOfferField } from '../waitlist-row';

const closing = `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`;

/**
 * The greeting of entry `entry`'s e-mails: by name only for a manage page's entry (the name of
 * the booking, whose address its paid deposit confirmed); a plain 'Hello,' for anyone else's,
 * whose address nobody confirmed, so no e-mail to it carries a word the sender typed
 * (docs/architecture.md "Anonymous forms' e-mails").
 */
export function waitlistGreeting(entry: core.Record): string {
  return waitlistEntryField(entry, 'booking') ? `Hello ${waitlistEntryField(entry, 'name')},` : 'Hello,';
}

/** The address and greeting of entry `entry`'s e-mails. */
function letterOf(entry: core.Record, kind: string, key: string, subject: string, lines: string[], buttons: { label: string; url: string }[]): QueuedMail {
  const body = composeMail(waitlistGreeting(entry), [{ lines }], closing, { title: subject, buttons });
  return { key, to: waitlistEntryField(entry, 'email'), subject, ...body, kind, relatedId: entry.id };
}

/** The confirmation of entry `entry` (read through the join's transaction), with its leave link. */
export function waitlistJoinedMail(app: CoreApp, entry: core.Record): QueuedMail {
  const kind = waitlistEntryField(entry, 'kind');
  const t = joinedLetter(waitlistEntryField(entry, 'date'), kind, !!waitlistEntryField(entry, 'booking'));
  const url = `${configuredOrigin(app)}/waitlist/leave?token=${waitlistToken(app, entry.id, 'waitlist-leave')}`;
  return letterOf(entry, 'waitlist_joined', mailKey('waitlist_joined', entry.id), t.subject, t.lines, [{ label: WAITLIST_BUTTONS.leave, url }]);
}

/** The offer e-mail of offer `offer` (its entry read through `app`). */
export function waitlistOfferMail(app: CoreApp, offer: core.Record): QueuedMail {
  const entry = app.findRecordById('waitlist_entries', waitlistOfferField(offer, 'entry'));
  const kind = waitlistOfferField(offer, 'kind');
  const moving = !!waitlistEntryField(entry, 'booking');
  const t = offerLetter(waitlistOfferField(offer, 'date'), kind, waitlistOfferField(offer, 'time_slot'), parseTimestamp(waitlistOfferField(offer, 'expires_at')), moving);
  const url = `${configuredOrigin(app)}/waitlist/offer?token=${waitlistToken(app, offer.id, 'waitlist-offer')}`;
  return letterOf(entry, 'waitlist_offer', mailKey('waitlist_offer', offer.id), t.subject, t.lines, [
    { label: moving ? WAITLIST_BUTTONS.move : WAITLIST_BUTTONS.book, url },
    { label: WAITLIST_BUTTONS.decline, url: `${url}&decline=1` },
  ]);
}

/** The e-mail that offer `offer`'s time went another way. */
export function waitlistOfferEndedMail(app: CoreApp, offer: core.Record): QueuedMail {
  const entry = app.findRecordById('waitlist_entries', waitlistOfferField(offer, 'entry'));
  const t = offerEndedLetter(waitlistOfferField(offer, 'date'), waitlistOfferField(offer, 'time_slot'));
  return letterOf(entry, 'waitlist_offer_ended', mailKey('waitlist_offer_ended', offer.id), t.subject, t.lines, []);
}
