/**
 * GET /api/fn/consultation-slots?date=…: the 24 half-hour slots of a date with their
 * availability (SPEC.md §2 Consultation request), reloaded when the date or `version` changes.
 */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage, pb } from '../../../lib/pb';

export interface ConsultationSlot {
  id: string;
  label: string;
  available: boolean;
}

export interface ConsultationSlots {
  date: string;
  bookable: boolean;
  reason: string | null;
  slots: ConsultationSlot[];
}

/** One GET of the slots of `date`; rejects with a ClientResponseError. */
export function fetchConsultationSlots(date: string): Promise<ConsultationSlots> {
  return pb.send<ConsultationSlots>('/api/fn/consultation-slots', { method: 'GET', query: { date } });
}

/**
 * The slots of `date` (none until a date is chosen). `version` forces a reload, e.g. after the
 * server said a slot was just taken. A failure shows 'Error loading time slots' (SPEC.md §8).
 */
export function useConsultationSlots(date: string | null, version = 0): { loading: boolean; data: ConsultationSlots | null } {
  const key = date ? `${date}|${version}` : '';
  const [state, setState] = useState<{ key: string; data: ConsultationSlots | null }>({ key: '', data: null });
  useEffect(() => {
    if (!date) return;
    let live = true;
    fetchConsultationSlots(date).then(
      (data) => live && setState({ key, data }),
      (err) => {
        if (!live) return;
        setState({ key, data: null });
        toast.error('Error loading time slots', { description: errorMessage(err, 'Could not load time slots. Please try again.') });
      },
    );
    return () => {
      live = false;
    };
  }, [key, date]);
  return { loading: !!key && state.key !== key, data: state.key === key ? state.data : null };
}
