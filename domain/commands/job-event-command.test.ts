import { describe, expect, it } from 'vitest';
import { JOB_EVENT_MESSAGES, type JobEventKind } from '../booking/job-events';
import { LIFECYCLE_MESSAGES } from '../booking/lifecycle';
import { isRefusal } from './command';
import { JOB_EVENT_COMMAND_MESSAGES, jobEventCommand, type JobEventState } from './job-event-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const CREATED = Date.parse('2026-11-01T12:00:00Z');
const paid: NonNullable<JobEventState['booking']> = {
  id: 'b1',
  createdAtMs: CREATED,
  status: 'confirmed',
  payment_status: 'deposit_paid',
  cancel_reason: '',
  removal_date: '2026-12-28',
  removal_time_slot: '9-12',
  removal_hold: '',
  install_done_at: '',
  removal_done_at: '',
};
const state = (over: Partial<JobEventState> = {}): JobEventState => ({ booking: paid, fingerprint: 'fp', staffId: 's1', ...over });
const input = (kind: JobEventKind, occurredAt = '', text = kind === 'note' ? 'Gate code 1234' : '') => ({
  request: { clientId: 'abcdefghij12345', bookingId: 'b1', kind, text, occurredAt },
  photo: null,
});

describe('the job-event command', () => {
  it.each([
    ['a note', state(), input('note'), null],
    ['install done on a booking with a removal', state(), input('install_done'), { install_done_at: '2026-11-20 15:00:00.000Z' }],
    [
      'install done without a removal completes it',
      state({ booking: { ...paid, removal_date: '', removal_time_slot: '' } }),
      input('install_done'),
      { install_done_at: '2026-11-20 15:00:00.000Z', status: 'completed' },
    ],
    [
      'removal done after the install completes it',
      state({ booking: { ...paid, install_done_at: '2026-11-19 10:00:00.000Z' } }),
      input('removal_done'),
      { removal_done_at: '2026-11-20 15:00:00.000Z', status: 'completed' },
    ],
    ['a second install mark keeps the first time', state({ booking: { ...paid, install_done_at: '2026-11-19 10:00:00.000Z' } }), input('install_done'), null],
  ] as const)('%s', (_name, s, i, bookingFields) => {
    const out = jobEventCommand.decide(s, i, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ eventId: 'abcdefghij12345', replayed: false });
    expect(out.changes[0]).toEqual({
      op: 'create',
      collection: 'job_events',
      id: 'abcdefghij12345',
      fields: {
        booking: 'b1',
        kind: i.request.kind,
        text: i.request.text,
        client_id: 'abcdefghij12345',
        occurred_at: '2026-11-20 15:00:00.000Z',
        clock_corrected: false,
        device_time: '',
        request_fingerprint: 'fp',
        created_by: 's1',
      },
    });
    expect(out.changes.slice(1)).toEqual(bookingFields ? [{ op: 'update', collection: 'bookings', id: 'b1', fields: bookingFields }] : []);
  });

  it.each([
    ['a believable phone time is kept', '2026-11-20T14:00:00.000Z', '2026-11-20 14:00:00.000Z', false, ''],
    ['a phone dated 2999 is replaced by the server time', '2999-01-01T00:00:00.000Z', '2026-11-20 15:00:00.000Z', true, '2999-01-01T00:00:00.000Z'],
  ])('%s', (_name, occurredAt, stored, corrected, deviceTime) => {
    const out = jobEventCommand.decide(state(), input('note', occurredAt), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ fields: { occurred_at: stored, clock_corrected: corrected, device_time: deviceTime } });
  });

  it.each([
    ['no such booking is a 404', state({ booking: null }), { status: 404, message: JOB_EVENT_MESSAGES.notFound }],
    ['a done mark on a cancelled booking is a 409', state({ booking: { ...paid, status: 'cancelled' } }), { status: 409, message: JOB_EVENT_MESSAGES.cancelled }],
    ['a done mark on an unpaid hold is a 409', state({ booking: { ...paid, status: 'pending_payment', payment_status: 'pending' } }), { status: 409, message: JOB_EVENT_MESSAGES.notConfirmed }],
  ])('%s', (_name, s, expected) => {
    expect(jobEventCommand.decide(s, input('install_done'), NOW)).toEqual(expected);
  });

  it("a removal done before its install is a 409 with the lifecycle's sentence, and changes nothing", () => {
    expect(jobEventCommand.decide(state(), input('removal_done'), NOW)).toEqual({ status: 409, message: LIFECYCLE_MESSAGES.installFirst });
  });

  it('a photo is attached from the upload; two photos are refused', () => {
    const body = { clientId: 'abcdefghij12345', bookingId: 'b1', kind: 'photo' };
    const one = jobEventCommand.parse(body, [{ field: 'photo', name: 'a.jpg', size: 1000 }]);
    if (!one.ok) throw new Error(one.message);
    const out = jobEventCommand.decide(state(), one.value, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ attach: 'photo' });
    const two = { field: 'photo', name: 'b.jpg', size: 1000 };
    expect(jobEventCommand.parse(body, [two, two])).toEqual({ ok: false, message: JOB_EVENT_COMMAND_MESSAGES.onePhoto });
  });

  it('is idempotent by client id, fingerprinted as before the runner', () => {
    const idem = jobEventCommand.idempotency;
    if (idem.by !== 'client-id') throw new Error('by client id');
    // The client id is the key of the runner's store, which words a reuse with the command's sentence.
    expect(idem.key(input('note'))).toBe('abcdefghij12345');
    expect(idem.reused).toBe(JOB_EVENT_MESSAGES.reused);
    expect(idem.fingerprint(input('note'))).toBe(JSON.stringify(['job-event/1', 'abcdefghij12345', 'b1', 'note', 'Gate code 1234', '', null]));
  });
});
