import type { SeasonRecord } from '@domain/schedule/seasons';
import { ymd } from '@domain/schedule/calendar';
import { BookingStatus } from '@domain/booking/lifecycle';
import { pb } from '@/lib/pb';

/** A `seasons` record as the admin reads it (admins read; writes go through POST /api/fn/seasons). */
export interface SeasonRow {
  id: string;
  year: number;
  install_start: string;
  install_end: string;
  removal_start: string;
  removal_end: string;
  consultation_start: string;
  consultation_end: string;
  work_days: number[] | null;
  /** Weekday → closing hour; null or {} for the pattern. */
  closing_hours: unknown;
  renewals_open: string;
  public_opens: string;
  early_bird_kind: '' | 'percent' | 'amount';
  early_bird_value: number;
  early_bird_until: string;
}

/**
 * Every `seasons` record (admins read the collection), oldest year first. Rejects with a
 * ClientResponseError when the server cannot be reached or refuses.
 */
export async function listSeasons(): Promise<SeasonRow[]> {
  return pb.collection('seasons').getFullList<SeasonRow>({ sort: 'year', requestKey: null });
}

/** Whether season `year` has a booking (not cancelled) installed in it: then its fields lock (domain/schedule/seasons.ts seasonEditProblem). */
export async function seasonHasBooking(year: number): Promise<boolean> {
  const filter = pb.filter(`install_date >= {:from} && install_date <= {:to} && status != '${BookingStatus.Cancelled}'`, { from: ymd(year, 7, 1), to: ymd(year + 1, 6, 30) });
  const page = await pb.collection('bookings').getList(1, 1, { filter, fields: 'id', requestKey: null });
  return page.totalItems > 0;
}

/**
 * POST /api/fn/seasons (admin only; docs/decisions/055): saves season `season` (the parsed form,
 * domain/commands/season-save-command.ts). Online only. Rejects with a ClientResponseError (400
 * with the server's sentence for a field it refuses, 409 for a locked field of a season with
 * bookings).
 */
export async function saveSeason(season: SeasonRecord): Promise<void> {
  await pb.send('/api/fn/seasons', { method: 'POST', body: season, requestKey: null });
}
