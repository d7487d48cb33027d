/**
 * An on-site note, photo or done mark (docs/decisions/016): sent to POST /api/fn/job-events
 * under the entry's client-made id, which is the event's record id and its `client_id` (the
 * server records each id once), shown at once as an optimistic job event of the same id.
 */
import type { JobEventKind } from '@domain/booking/job-events';
import { createJobEvent } from '@/admin/core/api/create-job-event';
import type { StoredPhoto } from '@/admin/core/model/outbox-entry';
import { defineAction, removeOptimisticRow, serverRows, str, type ActionEntry } from '../action-spec';

export interface JobEventPayload {
  [key: string]: unknown;
  bookingId: string;
  kind: JobEventKind;
  text: string;
  /** ISO instant the action was taken. */
  occurredAt: string;
  photo?: StoredPhoto | null;
}

const LABELS: Record<string, string> = {
  note: 'Note',
  photo: 'Photo',
  install_done: 'Install done',
  removal_done: 'Removal done',
};

/** A PocketBase datetime for an ISO instant. */
const pbDate = (iso: string) => new Date(iso).toISOString().replace('T', ' ');

export const jobEventAction = defineAction({
  kind: 'job_event',
  key: (id) => id,
  send: (entry: ActionEntry<JobEventPayload>) => {
    const p = entry.payload;
    return createJobEvent({ clientId: entry.id, bookingId: p.bookingId, kind: p.kind, text: p.text, occurredAt: p.occurredAt, photo: p.photo ?? null });
  },
  async apply(mirror, entry, answer) {
    // The server's event replaces the optimistic row of the same id.
    await mirror.apply('job_events', serverRows(answer.event));
    // Only a done mark changes its booking; writing an unchanged booking would make every
    // screen listing the bookings read them all again.
    const kind = entry.payload.kind;
    if (kind === 'install_done' || kind === 'removal_done') await mirror.apply('bookings', serverRows(answer.booking));
  },
  // No server time: any server row wins over it in the mirror.
  optimistic: (entry) => {
    const p = entry.payload;
    return {
      collection: 'job_events',
      row: { id: entry.id, booking: p.bookingId, kind: p.kind, text: p.text, client_id: entry.id, occurred_at: pbDate(p.occurredAt), photo: '', created_at: '', updated_at: '' },
    };
  },
  undo: removeOptimisticRow('job_events'),
  label: (p) => {
    const label = LABELS[str(p.kind)] ?? 'On-site action';
    const text = str(p.text);
    if (!text) return label;
    const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
    return `${label}: “${short}”`;
  },
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    job_event: typeof jobEventAction;
  }
}
