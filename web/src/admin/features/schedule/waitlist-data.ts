/**
 * A day's waitlist as the Schedule shows it (the waitlist contract, "UI"): the entries of the
 * date in line order (`joined_at`), each with its offers newest first, the people still waiting
 * (or holding an offer) before those whose turn is over. Pure: the section reads the mirror.
 */
import { entryIsLive, OfferStatus } from '@domain/waitlist/waitlist-status';
import type { AdminWaitlistEntry, AdminWaitlistOffer } from '@/admin/core/model/records';

export interface DayWaitlistRow {
  entry: AdminWaitlistEntry;
  offers: AdminWaitlistOffer[];
  /** Waiting or holding an offer: the owner may still offer, skip or remove. */
  live: boolean;
  /** The entry's place among the live ones (1: next), null once its turn is over. */
  position: number | null;
}

/** The rows of `date` (YYYY-MM-DD), live ones first in line order, then the others by join time. */
export function dayWaitlist(entries: readonly AdminWaitlistEntry[], offers: readonly AdminWaitlistOffer[], date: string): DayWaitlistRow[] {
  const byEntry = new Map<string, AdminWaitlistOffer[]>();
  for (const o of offers) {
    const list = byEntry.get(o.entry) ?? [];
    list.push(o);
    byEntry.set(o.entry, list);
  }
  const ofDay = entries.filter((e) => e.date === date).sort((a, b) => a.joined_at - b.joined_at || a.id.localeCompare(b.id));
  const live = ofDay.filter((e) => entryIsLive(e));
  const done = ofDay.filter((e) => !entryIsLive(e));
  const row = (entry: AdminWaitlistEntry, position: number | null): DayWaitlistRow => ({
    entry,
    offers: (byEntry.get(entry.id) ?? []).slice().sort((a, b) => b.offered_at.localeCompare(a.offered_at)),
    live: position !== null,
    position,
  });
  return [...live.map((e, i) => row(e, i + 1)), ...done.map((e) => row(e, null))];
}

/** What an offer's state reads as: 'Open until 8:00 PM', 'Accepted', 'Expired'… (`until` the formatted end of the hold). */
export function offerStateText(offer: Pick<AdminWaitlistOffer, 'status'>, until: string): string {
  if (offer.status === OfferStatus.Open) return until ? `Open until ${until}` : 'Open';
  return { accepted: 'Booked', declined: 'Declined', expired: 'Expired', ended: 'Ended (the time went another way)' }[offer.status];
}

/** An entry's status as the owner reads it. */
export const ENTRY_STATUS_TEXT: Record<AdminWaitlistEntry['status'], string> = {
  waiting: 'Waiting',
  offered: 'Offer open',
  booked: 'Booked',
  declined: 'Declined',
  expired: 'Offer expired',
  left: 'Left the list',
  skipped: 'Skipped',
  removed: 'Removed',
};
