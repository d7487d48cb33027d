/**
 * `job_events` rows from the admin's offline outbox (docs/decisions/016; docs/architecture.md "Admin data and
 * sync") and the server's own events. The outbox's actions run as a command
 * (domain/commands/job-event-command.ts, on lib/commands/run-command.ts): this file reads the
 * state it decides from, inside its one transaction, so the client id's key in the runner's store
 * (docs/decisions/062), the event (whose record id is the client-made id) and the booking's done
 * mark commit together and an action is applied exactly once however often, and however
 * simultaneously, the phone sends it.
 */
import { parseTimestamp } from '@domain/schedule/calendar';
import type { JobEventState } from '@domain/commands/job-event-command';
import type { JobEventRequest } from '@domain/booking/job-events';
import { bookingField, bookingRowOf } from '../booking-row';
import { nowMs, toPbDate } from '../clock';

/**
 * Inside the command's transaction `tx`: the booking's fields a done mark reads (null: no such
 * booking). A replay of the client id never gets here: the runner's store answers it
 * (lib/commands/request-keys.ts). `fingerprint` is stored with the event; `staffId` is who acts.
 */
export function loadJobEventState(tx: CoreApp, req: JobEventRequest, fingerprint: string, staffId: string): JobEventState {
  let b: core.Record;
  try {
    b = tx.findRecordById('bookings', req.bookingId);
  } catch {
    return { booking: null, fingerprint, staffId };
  }
  return {
    booking: { ...bookingRowOf(b), createdAtMs: parseTimestamp(bookingField(b, 'created_at')) },
    fingerprint,
    staffId,
  };
}

/**
 * A `job_events` row the server writes itself (not from the phone's outbox): a change the
 * customer made with their link, one made in the admin, a reminder sent. `clientId` is unique
 * per event; `staffId` who acted, if anyone; `at` epoch ms (default now). Inside the caller's
 * transaction.
 */
export function addServerEvent(tx: CoreApp, e: { booking: string; kind: string; text: string; clientId: string; staffId?: string; at?: number }): void {
  const rec = new Record(tx.findCollectionByNameOrId('job_events'));
  rec.load({ booking: e.booking, kind: e.kind, text: e.text, client_id: e.clientId, occurred_at: toPbDate(e.at ?? nowMs()), created_by: e.staffId ?? '' });
  tx.save(rec);
}
