import type { TreeSize } from '@domain/catalog';
import type { TimeSlot, VisitKind } from '@domain/schedule/slots';
import { pb } from '@/lib/pb';
import { useKeyedQuery } from '@/lib/use-keyed-query';

export interface SlotAvailability extends TimeSlot {
  available: boolean;
}

export interface Availability {
  date: string;
  bookable: boolean;
  reason: string | null;
  slots: SlotAvailability[];
}

/** GET /api/fn/availability: every slot of a date for a size and visit kind. */
export function fetchAvailability(date: string, size: TreeSize, kind: VisitKind, installDate?: string | null): Promise<Availability> {
  const query: Record<string, string> = { date, size, kind };
  if (installDate) query.installDate = installDate;
  return pb.send<Availability>('/api/fn/availability', { method: 'GET', query });
}

/**
 * The slots of a date, reloaded whenever the date, size or kind changes (docs/product.md §4).
 * A failure shows 'Error loading time slots' with the error message (docs/product.md §8).
 */
export function useAvailability(date: string | null, size: TreeSize | null, kind: VisitKind, installDate?: string | null) {
  const key = date && size ? `${date}|${size}|${kind}|${installDate ?? ''}` : '';
  return useKeyedQuery(key, () => fetchAvailability(date!, size!, kind, installDate), 'Error loading time slots', 'Could not load time slots. Please try again.');
}
