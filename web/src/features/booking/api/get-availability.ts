import type { TreeSize } from '@domain/catalog';
import type { TimeSlot, VisitKind } from '@domain/schedule/slots';
import { pb } from '@/lib/pb';
import { useKeyedQuery } from '@/lib/use-keyed-query';

export interface SlotAvailability extends TimeSlot {
  available: boolean;
  /** The owner's phone booking only: a time held only by an open waitlist offer, which the booking may take after 'Book anyway?'. */
  offerHeld?: boolean;
}

export interface Availability {
  date: string;
  bookable: boolean;
  reason: string | null;
  /** "Bookings need 48 hours' notice." when slots were left out for it. */
  noticeHint?: string | null;
  slots: SlotAvailability[];
}

/** The customer's choices the answer depends on besides the date: the package (notice) and the address's ZIP (travel buffer). */
export interface AvailabilityFor {
  packageSlug?: string | null;
  zip?: string | null;
  /** The owner's phone booking (docs/decisions/037): the customers' notice does not apply. */
  byOwner?: boolean;
}

/**
 * GET /api/fn/availability: every slot of a date for a size and visit kind; with a ZIP,
 * /api/fn/availability-for-address, which also checks the drive between visits.
 */
export function fetchAvailability(date: string, size: TreeSize, kind: VisitKind, installDate?: string | null, forWhom: AvailabilityFor = {}): Promise<Availability> {
  const query: Record<string, string> = { date, size, kind };
  if (installDate) query.installDate = installDate;
  if (forWhom.packageSlug) query.package = forWhom.packageSlug;
  if (forWhom.zip) query.zip = forWhom.zip;
  if (forWhom.byOwner) query.notice = 'off';
  return pb.send<Availability>(forWhom.zip ? '/api/fn/availability-for-address' : '/api/fn/availability', { method: 'GET', query });
}

/**
 * The slots of a date, reloaded whenever the date, size or kind changes (docs/product.md §4).
 * A failure shows 'Error loading time slots' with the error message (docs/product.md §8).
 */
export function useAvailability(date: string | null, size: TreeSize | null, kind: VisitKind, installDate?: string | null, forWhom: AvailabilityFor = {}) {
  const { packageSlug, zip, byOwner } = forWhom;
  const key = date && size ? `${date}|${size}|${kind}|${installDate ?? ''}|${packageSlug ?? ''}|${zip ?? ''}|${byOwner ? 'owner' : ''}` : '';
  return useKeyedQuery(key, () => fetchAvailability(date!, size!, kind, installDate, { packageSlug, zip, byOwner }), 'Error loading time slots', 'Could not load time slots. Please try again.');
}
