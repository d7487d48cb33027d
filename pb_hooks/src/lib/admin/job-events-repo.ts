/**
 * `job_events` rows from the admin's offline outbox (docs/decisions/016; docs/architecture.md "Admin data and
 * sync"; docs/decisions/016) and what a done mark does to its booking. One short transaction
 * per action: the replay check, the event (whose record id is the client-made id) and the
 * booking's done mark commit together, so an action is applied exactly once however often, and
 * however simultaneously, the phone sends it.
 */
import { parseTimestamp } from '@domain/calendar';
import { checkDeviceTime } from '@domain/device-clock';
import { doneMarkBlocker, doneMarkChanges, JOB_EVENT_MESSAGES, type DoneMarkBooking, type JobEventRequest } from '@domain/job-events';
import { nowMs, toPbDate } from '../clock';

export interface NewJobEvent {
  request: JobEventRequest;
  /** SHA-256 of jobEventFingerprintSource: tells a replay from a reuse of the id. */
  fingerprint: string;
  /** The staff member acting ('' for a superuser). */
  staffId: string;
  /** The uploaded photo (kind photo), or null. */
  photo: filesystem.File | null;
}

/** Why the action was refused: the HTTP status and a plain sentence. */
export interface JobEventRefusal {
  status: number;
  message: string;
}

export type JobEventResult = { eventId: string; replayed: boolean } | { refusal: JobEventRefusal };

/** The event stored under client id `clientId` (its record id, or `client_id` for older rows). */
function findEvent(app: CoreApp, clientId: string): core.Record | null {
  const found = app.findRecordsByFilter('job_events', 'id = {:c} || client_id = {:c}', '', 1, 0, { c: clientId } as unknown as dbx.Params);
  return found[0] ?? null;
}

function doneMarkFields(b: core.Record): DoneMarkBooking {
  return {
    status: b.getString('status'),
    payment_status: b.getString('payment_status'),
    removal_date: b.getString('removal_date'),
    install_done_at: b.getString('install_done_at'),
    removal_done_at: b.getString('removal_done_at'),
  };
}

/**
 * In one transaction: the event an earlier request with the same client id stored (`replayed`,
 * also when it arrived at the same instant: writes are serialized), a 422 when that id came
 * with another action, 404 for an unknown booking, 409 for a done mark on a booking that never
 * went ahead (domain/job-events.ts doneMarkBlocker), or the new event with the booking's done
 * mark applied (doneMarkChanges: first mark wins, removal completes the booking). The phone's
 * `occurredAt` is kept only within bounds (domain/device-clock.ts: not more than 10 minutes
 * ahead, not before the booking was created); otherwise the event is stored at the server's
 * time with `clock_corrected` and the phone's time in `device_time` (docs/decisions/039).
 */
export function recordJobEvent(app: CoreApp, n: NewJobEvent): JobEventResult {
  const req = n.request;
  // Every path through the transaction sets it; a failed transaction throws instead.
  let result = {} as JobEventResult;
  app.runInTransaction((tx) => {
    const earlier = findEvent(tx, req.clientId);
    if (earlier) {
      result = earlier.getString('request_fingerprint') === n.fingerprint ? { eventId: earlier.id, replayed: true } : { refusal: { status: 422, message: JOB_EVENT_MESSAGES.reused } };
      return;
    }
    let booking: core.Record;
    try {
      booking = tx.findRecordById('bookings', req.bookingId);
    } catch {
      result = { refusal: { status: 404, message: JOB_EVENT_MESSAGES.notFound } };
      return;
    }
    const fields = doneMarkFields(booking);
    if (req.kind === 'install_done' || req.kind === 'removal_done') {
      const blocker = doneMarkBlocker(fields);
      if (blocker) {
        result = { refusal: { status: 409, message: blocker } };
        return;
      }
    }
    const now = nowMs();
    const when = req.occurredAt ? checkDeviceTime(Date.parse(req.occurredAt), now, parseTimestamp(booking.getString('created_at'))) : { atMs: now, corrected: false };
    const at = toPbDate(when.atMs);
    const rec = new Record(tx.findCollectionByNameOrId('job_events'));
    rec.set('id', req.clientId);
    rec.load({
      booking: booking.id,
      kind: req.kind,
      text: req.text,
      client_id: req.clientId,
      occurred_at: at,
      clock_corrected: when.corrected,
      device_time: when.corrected ? req.occurredAt : '',
      request_fingerprint: n.fingerprint,
      created_by: n.staffId,
    });
    if (n.photo) rec.set('photo', n.photo);
    tx.save(rec);

    const changes = doneMarkChanges(req.kind, fields, at);
    if (Object.keys(changes).length > 0) {
      booking.load(changes as Record<string, unknown>);
      tx.save(booking);
    }
    result = { eventId: rec.id, replayed: false };
  });
  return result;
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
