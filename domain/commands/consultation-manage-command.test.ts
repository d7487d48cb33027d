import { describe, expect, it } from 'vitest';
import { consultationDateContext } from '../../tests/support/domain-builders';
import { SELF_SERVICE_MESSAGES } from '../booking/self-service';
import { CONSULTATION_SLOT_TAKEN, UNKNOWN_CONSULTATION_SLOT } from '../consultations/consultation';
import { consultationLinkExpiresAtMs, MY_CONSULTATION_MESSAGES as M } from '../consultations/consultation-link';
import { MESSAGES } from '../messages';
import { noticeRefusal } from '../schedule/notice';
import { isRefusal, pbDate } from './command';
import { consultationCancelCommand, consultationMoveCommand, parseConsultationCancel, parseConsultationMove, type ConsultationManageState } from './consultation-manage-command';
import type { ConsultationStatus } from '../consultations/consultation-status';

// Friday 2026-11-20, noon in New York.
const NOW = Date.parse('2026-11-20T17:00:00Z');
const dateContext = consultationDateContext();
const state = (status: ConsultationStatus, over: Partial<NonNullable<ConsultationManageState['found']>> = {}, takenSlots: string[] = []): ConsultationManageState => ({
  dateContext,
  found: { id: 'c1', status, date: '2026-11-25', timeSlot: '10:30', icsSequence: 1, liveLinkIds: ['l1'], ...over },
  takenSlots,
  noticeHours: 24,
});
const FROM = { date: '2026-11-25', timeSlot: '10:30' };
const move = (date: string, timeSlot: string, from = FROM) => ({ token: 't', date, timeSlot, from });
const cancel = (from = FROM) => ({ token: 't', from });

describe('the customer moves a consultation', () => {
  it.each(['pending', 'confirmed'] as const)('a %s one to a free Wednesday: pending again, the link follows, both e-mailed', (status) => {
    const out = consultationMoveCommand.decide(state(status), move('2026-12-02', '14:00'), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([
      { op: 'update', collection: 'consultation_requests', id: 'c1', fields: { status: 'pending', consultation_date: '2026-12-02', consultation_time_slot: '14:00', ics_sequence: 2 } },
      { op: 'update', collection: 'consultation_links', id: 'l1', fields: { expires_at: pbDate(consultationLinkExpiresAtMs('2026-12-02')) } },
    ]);
    expect(out.mails).toEqual([
      { consultationId: 'c1', action: 'reschedule', to: 'customer', from: FROM },
      { consultationId: 'c1', action: 'reschedule', to: 'owner', from: FROM },
    ]);
    expect(out.answer).toEqual({ consultationId: 'c1' });
  });

  it.each([
    ['a dead link', { ...state('pending'), found: null }, move('2026-12-02', '14:00'), 404, SELF_SERVICE_MESSAGES.invalidLink],
    ['a cancelled one', state('cancelled'), move('2026-12-02', '14:00'), 409, M.readOnly],
    ['a done one', state('completed'), move('2026-12-02', '14:00'), 409, M.readOnly],
    ['one that has started', state('pending', { date: '2026-11-20', timeSlot: '11:30' }), move('2026-12-02', '14:00', { date: '2026-11-20', timeSlot: '11:30' }), 409, M.readOnly],
    ['a stale page (another date)', state('pending'), move('2026-12-02', '14:00', { date: '2026-11-25', timeSlot: '11:00' }), 409, M.staleRequest],
    ['its own time', state('pending'), move('2026-11-25', '10:30'), 409, M.sameSlot],
    ['a day that is not a Wednesday', state('pending'), move('2026-11-26', '10:00'), 400, 'Consultations are held on Wednesdays only.'],
    ['a blocked Wednesday', state('pending'), move('2026-12-09', '10:00'), 400, 'That date is not available. Please choose another date.'],
    ['a taken slot', state('pending', {}, ['14:00']), move('2026-12-02', '14:00'), 409, CONSULTATION_SLOT_TAKEN],
    ['a time inside the minimum notice', { ...state('pending'), noticeHours: 200 }, move('2026-11-25', '14:00'), 409, noticeRefusal('consultation', 200)],
  ] as const)('refuses %s', (_name, s, i, status, message) => {
    expect(consultationMoveCommand.decide(s, i, NOW)).toEqual({ status, message });
  });

  it.each([
    [{ token: 't', timeSlot: '10:00', from: FROM }, MESSAGES.selectConsultation],
    [{ token: 't', date: '2026-12-02', timeSlot: '25:00', from: FROM }, UNKNOWN_CONSULTATION_SLOT],
    [{ token: 't', date: '2026-12-02', timeSlot: '10:00' }, M.missingFrom],
  ])('parse refuses %j', (body, message) => {
    expect(parseConsultationMove(body)).toEqual({ ok: false, message });
  });
});

describe('the customer cancels a consultation', () => {
  it.each(['pending', 'confirmed'] as const)('a %s one: cancelled, the calendar file withdrawn, both e-mailed', (status) => {
    const out = consultationCancelCommand.decide(state(status), cancel(), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([{ op: 'update', collection: 'consultation_requests', id: 'c1', fields: { status: 'cancelled', ics_sequence: 2 } }]);
    expect(out.mails.map((m) => [m.action, m.to])).toEqual([
      ['cancel', 'customer'],
      ['cancel', 'owner'],
    ]);
  });

  it('a cancelled one again: answers as it is, changes and mails nothing', () => {
    expect(consultationCancelCommand.decide(state('cancelled'), cancel(), NOW)).toEqual({ changes: [], mails: [], answer: { consultationId: 'c1' } });
  });

  it.each([
    ['a dead link', { ...state('pending'), found: null }, cancel(), 404, SELF_SERVICE_MESSAGES.invalidLink],
    ['a done one', state('completed'), cancel(), 409, M.readOnly],
    ['one that has started', state('confirmed', { date: '2026-11-20', timeSlot: '08:00' }), cancel({ date: '2026-11-20', timeSlot: '08:00' }), 409, M.readOnly],
    ['a stale page', state('pending'), cancel({ date: '2026-12-02', timeSlot: '10:30' }), 409, M.staleRequest],
  ] as const)('refuses %s', (_name, s, i, status, message) => {
    expect(consultationCancelCommand.decide(s, i, NOW)).toEqual({ status, message });
  });

  it('parse asks for a reload without `from`', () => {
    expect(parseConsultationCancel({ token: 't' })).toEqual({ ok: false, message: M.missingFrom });
  });

  it('both are naturally idempotent with no key header (public routes; `from` refuses a replay)', () => {
    expect(consultationMoveCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
    expect(consultationCancelCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});

describe('the link expiry', () => {
  it('is midnight in New York 8 days after the consultation (the end of its day plus 7 days)', () => {
    expect(new Date(consultationLinkExpiresAtMs('2026-11-25')).toISOString()).toBe('2026-12-03T05:00:00.000Z');
  });
});
