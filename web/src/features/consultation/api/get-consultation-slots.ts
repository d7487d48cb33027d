/**
 * GET /api/fn/consultation-slots?date=…: the 24 half-hour slots of a date with their
 * availability (docs/product.md §2 Consultation request), reloaded when the date or `version` changes.
 */
import { getJson } from '@/lib/api/get-json';
import { useKeyedQuery } from '@/lib/use-keyed-query';

export interface ConsultationSlot {
  id: string;
  label: string;
  available: boolean;
}

export interface ConsultationSlots {
  date: string;
  bookable: boolean;
  reason: string | null;
  /** "Bookings need 24 hours' notice." when times were left out for it. */
  noticeHint?: string | null;
  slots: ConsultationSlot[];
}

/** One GET of the slots of `date` (for the address's `zip`, when known); rejects with a ReadError (web/src/lib/api/get-json.ts). */
export function fetchConsultationSlots(date: string, zip?: string | null): Promise<ConsultationSlots> {
  return getJson<ConsultationSlots>('/api/fn/consultation-slots', zip ? { date, zip } : { date });
}

/**
 * The slots of `date` (none until a date is chosen). `version` forces a reload, e.g. after the
 * server said a slot was just taken. A failure shows 'Error loading time slots' (docs/product.md §8).
 */
export function useConsultationSlots(date: string | null, version = 0, zip: string | null = null): { loading: boolean; data: ConsultationSlots | null } {
  return useKeyedQuery(date ? `${date}|${version}|${zip ?? ''}` : '', () => fetchConsultationSlots(date!, zip), 'Error loading time slots', 'Could not load time slots. Please try again.');
}
