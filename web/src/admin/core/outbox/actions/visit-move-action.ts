/**
 * The owner's move of a visit to another slot (docs/decisions/036), applied once under the
 * entry's key; the booking keeps its old time until the server has moved it.
 */
import { formatLongDate, isYmd } from '@domain/schedule/calendar';
import { formatSlotRange } from '@domain/schedule/slots';
import { moveVisit, type VisitMoveRequest } from '@/admin/core/api/move-visit';
import { defineAction, nothingToUndo, serverRows, str, type ActionEntry } from '../action-spec';

export type VisitMovePayload = VisitMoveRequest & { [key: string]: unknown };

export const visitMoveAction = defineAction({
  kind: 'visit_move',
  send: (entry: ActionEntry<VisitMovePayload>) => {
    const p = entry.payload;
    return moveVisit({ bookingId: p.bookingId, visit: p.visit, date: p.date, timeSlot: p.timeSlot }, entry.idempotencyKey);
  },
  async apply(mirror, _entry, answer) {
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  undo: nothingToUndo,
  label: (p) => {
    const date = str(p.date);
    return `Move the ${str(p.visit) === 'removal' ? 'removal' : 'installation'} to ${isYmd(date) ? formatLongDate(date) : '—'}, ${formatSlotRange(str(p.timeSlot))}`;
  },
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    visit_move: typeof visitMoveAction;
  }
}
