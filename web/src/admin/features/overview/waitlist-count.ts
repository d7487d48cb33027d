/**
 * The Overview's 'N waiting in the next 14 days' (the waitlist contract, "UI"): the people (one
 * per e-mail key) with a live waitlist entry, waiting or holding an offer, for a date from
 * `today` through the 13 days after it (YYYY-MM-DD, New York). Pure: the Overview reads the mirror.
 */
import { addDays, isYmd } from '@domain/schedule/calendar';
import { entryIsLive } from '@domain/waitlist/waitlist-status';
import type { AdminWaitlistEntry } from '@/admin/core/model/records';

export const WAITLIST_OVERVIEW_DAYS = 14;

export function waitingInNextDays(entries: readonly Pick<AdminWaitlistEntry, 'email_key' | 'date' | 'status'>[], today: string, days = WAITLIST_OVERVIEW_DAYS): number {
  if (!isYmd(today)) return 0;
  const last = addDays(today, days - 1);
  const people = new Set<string>();
  for (const e of entries) if (entryIsLive(e) && e.date >= today && e.date <= last) people.add(e.email_key);
  return people.size;
}
