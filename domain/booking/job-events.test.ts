import { describe, expect, it } from 'vitest';
import {
  doneMarkBlocker,
  doneMarkChanges,
  isClientId,
  JOB_EVENT_MESSAGES,
  jobEventFingerprintSource,
  MAX_JOB_PHOTO_BYTES,
  parseJobEventRequest,
  type DoneMarkBooking,
  type DoneMarkChanges,
} from './job-events';
import { LIFECYCLE_MESSAGES } from './lifecycle';

const base = { clientId: 'abcdefghij12345', bookingId: 'b1', kind: 'note', text: 'Gate code 1234' };
const photo = { name: 'tree.jpg', size: 200_000 };

describe('isClientId', () => {
  it.each([
    ['abcdefghij12345', true],
    ['ABCDEFGHIJ12345', false],
    ['abcdefghij1234', false],
    ['abcdefghij123456', false],
    ['abcdefghij-2345', false],
    [123, false],
  ])('%s → %s', (value, ok) => expect(isClientId(value)).toBe(ok));
});

describe('parseJobEventRequest', () => {
  it.each<[string, Record<string, unknown>, typeof photo | null, string]>([
    ['bad client id', { ...base, clientId: 'x' }, null, JOB_EVENT_MESSAGES.clientIdInvalid],
    ['no booking', { ...base, bookingId: ' ' }, null, JOB_EVENT_MESSAGES.bookingMissing],
    ['unknown kind', { ...base, kind: 'cancel' }, null, JOB_EVENT_MESSAGES.kindInvalid],
    ['blank note', { ...base, text: ' \u200b ' }, null, JOB_EVENT_MESSAGES.noteEmpty],
    ['long note', { ...base, text: 'x'.repeat(5001) }, null, JOB_EVENT_MESSAGES.textTooLong],
    ['bad time', { ...base, occurredAt: 'yesterday' }, null, JOB_EVENT_MESSAGES.occurredAtInvalid],
    ['photo without file', { ...base, kind: 'photo' }, null, JOB_EVENT_MESSAGES.photoMissing],
    ['huge photo', { ...base, kind: 'photo' }, { name: 'a.jpg', size: MAX_JOB_PHOTO_BYTES + 1 }, JOB_EVENT_MESSAGES.photoTooLarge],
    ['file on a note', base, photo, JOB_EVENT_MESSAGES.photoUnexpected],
  ])('refuses %s', (_name, body, file, message) => {
    expect(parseJobEventRequest(body, file)).toEqual({ ok: false, message });
  });

  it('accepts a note, normalising its text, and done marks and photos without text', () => {
    expect(parseJobEventRequest({ ...base, text: ' Gate\r\ncode ', occurredAt: '2026-11-24T15:00:00.000Z' }, null)).toEqual({
      ok: true,
      value: { clientId: base.clientId, bookingId: 'b1', kind: 'note', text: 'Gate\ncode', occurredAt: '2026-11-24T15:00:00.000Z' },
    });
    expect(parseJobEventRequest({ ...base, kind: 'install_done', text: undefined }, null)).toMatchObject({ ok: true, value: { text: '', occurredAt: '' } });
    expect(parseJobEventRequest({ ...base, kind: 'photo', text: '' }, photo)).toMatchObject({ ok: true, value: { kind: 'photo' } });
  });
});

describe('jobEventFingerprintSource', () => {
  const req = { clientId: base.clientId, bookingId: 'b1', kind: 'photo' as const, text: '', occurredAt: '' };
  it('is the same for the same request and differs for any other field or photo size', () => {
    expect(jobEventFingerprintSource(req, photo)).toBe(jobEventFingerprintSource({ ...req }, { ...photo, name: 'other.jpg' }));
    expect(jobEventFingerprintSource(req, photo)).not.toBe(jobEventFingerprintSource(req, { ...photo, size: 1 }));
    expect(jobEventFingerprintSource(req, photo)).not.toBe(jobEventFingerprintSource({ ...req, text: 'x' }, photo));
    expect(jobEventFingerprintSource(req, photo)).not.toBe(jobEventFingerprintSource({ ...req, bookingId: 'b2' }, photo));
  });
});

const booking = (over: Partial<DoneMarkBooking> = {}): DoneMarkBooking => ({
  status: 'confirmed',
  payment_status: 'deposit_paid',
  cancel_reason: '',
  removal_date: '2027-01-05',
  removal_time_slot: '9-12',
  removal_hold: '',
  install_done_at: '',
  removal_done_at: '',
  ...over,
});
const AT = '2026-11-24 15:00:00.000Z';
const EARLIER = '2026-11-24 14:00:00.000Z';

describe('doneMarkBlocker', () => {
  it.each<[Partial<DoneMarkBooking>, string | null]>([
    [{}, null],
    [{ status: 'completed', payment_status: 'paid' }, null],
    [{ status: 'cancelled' }, JOB_EVENT_MESSAGES.cancelled],
    [{ status: 'payment_conflict', payment_status: 'refunded' }, JOB_EVENT_MESSAGES.cancelled],
    [{ status: 'pending_payment', payment_status: 'pending' }, JOB_EVENT_MESSAGES.notConfirmed],
  ])('%o → %s', (over, message) => expect(doneMarkBlocker(booking(over))).toBe(message));
});

describe("doneMarkChanges (through the lifecycle's transition)", () => {
  it.each<[string, Parameters<typeof doneMarkChanges>[0], Partial<DoneMarkBooking>, DoneMarkChanges | string]>([
    ['install done stamps the time', 'install_done', {}, { install_done_at: AT }],
    ['install done completes a booking without removal', 'install_done', { removal_date: '', removal_time_slot: '' }, { install_done_at: AT, status: 'completed' }],
    ['install done with a removal held for its payment stays confirmed', 'install_done', { removal_hold: 'c1' }, { install_done_at: AT }],
    ['a second install mark changes nothing', 'install_done', { install_done_at: EARLIER }, {}],
    ['removal done after the install stamps and completes', 'removal_done', { install_done_at: EARLIER }, { removal_done_at: AT, status: 'completed' }],
    ['removal done before the install is refused', 'removal_done', {}, LIFECYCLE_MESSAGES.installFirst],
    ['removal done on a booking without removal is refused', 'removal_done', { removal_date: '', removal_time_slot: '' }, LIFECYCLE_MESSAGES.noVisit],
    ['removal done on a removal held for its payment is refused', 'removal_done', { install_done_at: EARLIER, removal_hold: 'c1' }, LIFECYCLE_MESSAGES.noVisit],
    ['a second removal mark changes nothing', 'removal_done', { install_done_at: EARLIER, removal_done_at: AT, status: 'completed' }, {}],
    ['a note changes nothing', 'note', {}, {}],
    ['a photo changes nothing', 'photo', {}, {}],
  ])('%s', (_name, kind, over, expected) =>
    expect(doneMarkChanges(kind, booking(over), AT)).toEqual(typeof expected === 'string' ? { ok: false, message: expected } : { ok: true, changes: expected }),
  );
});
