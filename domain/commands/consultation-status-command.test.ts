import { describe, expect, it } from 'vitest';
import { consultationDateContext } from '../../tests/support/domain-builders';
import { CONSULTATION_STATUS_MESSAGES as M } from '../consultations/consultation-status';
import { isRefusal } from './command';
import { CONSULTATION_COMMAND_MESSAGES, consultationStatusCommand, parseConsultationStatus, type ConsultationStatusState } from './consultation-status-command';
import type { ConsultationStatus } from '../consultations/consultation-status';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const dateContext = consultationDateContext();
const state = (status: ConsultationStatus, takenSlots: string[] = []): ConsultationStatusState => ({
  dateContext,
  consultation: { id: 'c1', status, date: '2026-11-25', timeSlot: '10:30', icsSequence: 1 },
  takenSlots,
});
const input = (action: 'confirm' | 'reschedule' | 'complete' | 'cancel', date = '', timeSlot = '') => ({ id: 'c1', action, date, timeSlot });

describe('the consultation-status command', () => {
  it.each([
    ['confirm a pending request', state('pending'), input('confirm'), { status: 'confirmed', ics_sequence: 2 }],
    [
      'move it to a free Wednesday',
      state('pending'),
      input('reschedule', '2026-12-02', '14:00'),
      { status: 'confirmed', consultation_date: '2026-12-02', consultation_time_slot: '14:00', ics_sequence: 2 },
    ],
    ['mark it done (no calendar sequence)', state('confirmed'), input('complete'), { status: 'completed' }],
    ['cancel it', state('confirmed'), input('cancel'), { status: 'cancelled', ics_sequence: 2 }],
  ] as const)('%s: one update and one e-mail', (_name, s, i, fields) => {
    const out = consultationStatusCommand.decide(s, i, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([{ op: 'update', collection: 'consultation_requests', id: 'c1', fields }]);
    expect(out.mails).toEqual([{ consultationId: 'c1', action: i.action }]);
    expect(out.answer).toEqual({ consultationId: 'c1' });
  });

  it.each([
    ['confirm a confirmed one', state('confirmed'), input('confirm')],
    ['cancel a cancelled one', state('cancelled'), input('cancel')],
    ['move a confirmed one to its own time', state('confirmed'), input('reschedule', '2026-11-25', '10:30')],
  ] as const)('%s: changes nothing, mails nothing', (_name, s, i) => {
    expect(consultationStatusCommand.decide(s, i, NOW)).toEqual({ changes: [], mails: [], answer: { consultationId: 'c1' } });
  });

  it.each([
    ['a taken slot', state('pending', ['14:00']), input('reschedule', '2026-12-02', '14:00'), 409, M.taken],
    ['a day that is not a Wednesday', state('pending'), input('reschedule', '2026-11-26', '10:00'), 400, 'Consultations are held on Wednesdays only.'],
    ['a blocked Wednesday', state('pending'), input('reschedule', '2026-12-09', '10:00'), 400, 'That date is not available. Please choose another date.'],
    ['a done request', state('completed'), input('cancel'), 409, M.done],
    ['a cancelled request', state('cancelled'), input('confirm'), 409, M.cancelled],
    ['no such request', { ...state('pending'), consultation: null }, input('confirm'), 404, CONSULTATION_COMMAND_MESSAGES.notFound],
  ] as const)('refuses %s', (_name, s, i, status, message) => {
    expect(consultationStatusCommand.decide(s, i, NOW)).toEqual({ status, message });
  });

  it.each([
    [{ action: 'confirm' }, CONSULTATION_COMMAND_MESSAGES.missing],
    [{ id: 'c1', action: 'approve' }, M.action],
    [{ id: 'c1', action: 'reschedule', date: '2026-12-02' }, M.slot],
    [{ id: 'c1', action: 'reschedule', date: '2026-12-02', timeSlot: '25:00' }, M.slot],
  ])('parse refuses %j', (body, message) => {
    expect(parseConsultationStatus(body)).toEqual({ ok: false, message });
  });

  it('is naturally idempotent and still asks for the outbox key', () => {
    expect(consultationStatusCommand.idempotency).toMatchObject({ by: 'natural', header: 'required' });
  });
});
