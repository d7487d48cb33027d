/**
 * The owner's answer to a consultation request (docs/decisions/033): confirm, move, mark done
 * or cancel, applied once under the entry's key. It concerns no booking.
 */
import { answerConsultation, type ConsultationChange } from '@/admin/core/api/consultation-status';
import { defineAction, nothingToUndo, serverRows, str, type ActionEntry } from '../action-spec';

export type ConsultationStatusPayload = ConsultationChange & { [key: string]: unknown };

const VERBS: Record<string, string> = { confirm: 'confirm', reschedule: 'move', complete: 'mark done', cancel: 'cancel' };

export const consultationStatusAction = defineAction({
  kind: 'consultation_status',
  bookingId: () => '',
  send: (entry: ActionEntry<ConsultationStatusPayload>) => {
    const p = entry.payload;
    return answerConsultation({ id: p.id, action: p.action, date: p.date, timeSlot: p.timeSlot }, entry.idempotencyKey);
  },
  async apply(mirror, _entry, answer) {
    await mirror.apply('consultation_requests', serverRows(answer.consultation));
  },
  undo: nothingToUndo,
  label: (p) => `Consultation: ${VERBS[str(p.action)] ?? str(p.action)}`,
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    consultation_status: typeof consultationStatusAction;
  }
}
