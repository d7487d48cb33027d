/**
 * An on-site action from the admin's offline outbox as a command (docs/decisions/016, 039;
 * domain/booking/job-events.ts): the event is stored once under the phone's client-made id (its record
 * id), a done mark stamps its booking (first mark wins; the last visit completes it), and a
 * replay of the same action answers the first event: the client id is the action's key in the
 * runner's one store (request_keys; a replay of the same action gets the first answer, another
 * action under the id a 422 with JOB_EVENT_MESSAGES.reused). Pure: the server loads the booking.
 */
import {
  doneMarkBlocker,
  doneMarkChanges,
  JOB_EVENT_MESSAGES,
  jobEventFingerprintSource,
  parseJobEventRequest,
  type DoneMarkBooking,
  type JobEventRequest,
  type PhotoInfo,
} from '../booking/job-events';
import { checkDeviceTime } from '../admin/device-clock';
import { decided, pbDate, refuse, type Change, type Command, whenFound } from './command';

export const JOB_EVENT_COMMAND_MESSAGES = {
  onePhoto: 'Please upload one photo per action.',
} as const;

export interface JobEventInput {
  request: JobEventRequest;
  photo: PhotoInfo | null;
}

export interface JobEventState {
  booking: (DoneMarkBooking & { id: string; createdAtMs: number }) | null;
  /** SHA-256 of this request's fingerprint, stored with the event. */
  fingerprint: string;
  /** The staff member acting ('' for a superuser). */
  staffId: string;
}

export interface JobEventAnswer {
  eventId: string;
  replayed: boolean;
}

export const jobEventCommand: Command<JobEventInput, JobEventState, never, JobEventAnswer> = {
  name: 'job-events',
  parse(body, uploads) {
    const files = uploads.filter((u) => u.field === 'photo');
    if (files.length > 1) return { ok: false, message: JOB_EVENT_COMMAND_MESSAGES.onePhoto };
    const photo = files[0] ? { name: files[0].name, size: files[0].size } : null;
    const parsed = parseJobEventRequest(body, photo);
    return parsed.ok ? { ok: true, value: { request: parsed.value, photo } } : parsed;
  },
  idempotency: { by: 'client-id', key: (input) => input.request.clientId, fingerprint: (input) => jobEventFingerprintSource(input.request, input.photo), reused: JOB_EVENT_MESSAGES.reused },
  decide: whenFound('booking', JOB_EVENT_MESSAGES.notFound, (b, state, input, nowMs) => {
    const req = input.request;
    if (req.kind === 'install_done' || req.kind === 'removal_done') {
      const blocker = doneMarkBlocker(b);
      if (blocker) return refuse(409, blocker);
    }
    const when = req.occurredAt ? checkDeviceTime(Date.parse(req.occurredAt), nowMs, b.createdAtMs) : { atMs: nowMs, corrected: false };
    const at = pbDate(when.atMs);
    const changes: Change[] = [
      {
        op: 'create',
        collection: 'job_events',
        id: req.clientId,
        fields: {
          booking: b.id,
          kind: req.kind,
          text: req.text,
          client_id: req.clientId,
          occurred_at: at,
          clock_corrected: when.corrected,
          device_time: when.corrected ? req.occurredAt : '',
          request_fingerprint: state.fingerprint,
          created_by: state.staffId,
        },
        ...(input.photo ? { attach: 'photo' } : {}),
      },
    ];
    const done = doneMarkChanges(req.kind, b, at);
    if (!done.ok) return refuse(409, done.message);
    if (Object.keys(done.changes).length > 0) changes.push({ op: 'update', collection: 'bookings', id: b.id, fields: done.changes });
    return decided(changes, { eventId: req.clientId, replayed: false });
  }),
};
