import { useLiveQuery } from 'dexie-react-hooks';
import { hasRemovalVisit } from '@domain/booking/self-service';
import { visitName, type VisitKind } from '@domain/schedule/slots';
import { adminDb } from '@/admin/core/db';
import type { AdminBooking } from '@/admin/core/model/records';
import { entryLabel } from '@/admin/ui/outbox-labels';
import { BookingStatus } from '@domain/booking/lifecycle';
import { Fact } from '@/admin/ui/fact';

/** Whether the owner may move `visit` of booking `b` (docs/decisions/036): confirmed, the visit booked and not done. */
export function visitMovable(b: AdminBooking, visit: VisitKind): boolean {
  if (b.status !== BookingStatus.Confirmed) return false;
  if (visit === 'install') return !!b.install_date && !b.install_done_at;
  return hasRemovalVisit({ removal_date: b.removal_date, removal_time_slot: b.removal_time_slot, removal_hold: b.removal_hold ?? '' }) && !b.removal_done_at;
}

/** 'Move' beside a visit that may move, named for it ('Move the installation'). */
export function VisitMoveButton({ booking, visit, onMove }: { booking: AdminBooking; visit: VisitKind; onMove: (visit: VisitKind) => void }) {
  if (!visitMovable(booking, visit)) return null;
  return (
    <button type="button" className="button" aria-label={`Move the ${visitName(visit)}`} onClick={() => onMove(visit)}>
      Move
    </button>
  );
}

/**
 * The moves of this booking waiting in this phone's outbox, or refused and waiting under 'Needs
 * attention' (the booking shows its old time until the server has moved it).
 */
export function QueuedMoves({ bookingId }: { bookingId: string }) {
  const moves = useLiveQuery(
    () =>
      adminDb()
        .outbox.where('bookingId')
        .equals(bookingId)
        .filter((e) => e.kind === 'visit_move')
        .sortBy('seq'),
    [bookingId],
  );
  if (!moves || moves.length === 0) return null;
  return (
    <Fact className="admin-fact" label="Moves">
      <ul className="admin-plain-list">
        {moves.map((m) => (
          <li key={m.id}>
            {entryLabel(m)}: {m.state === 'needs_attention' ? `not moved: ${m.lastError}` : 'queued on this phone'}
          </li>
        ))}
      </ul>
    </Fact>
  );
}
