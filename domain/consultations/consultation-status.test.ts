import { describe, expect, it } from 'vitest';
import { consultationActions, CONSULTATION_STATUS_MESSAGES as M, nextConsultationStatus } from './consultation-status';

describe('answering a consultation', () => {
  it.each([
    ['pending', 'confirm', { ok: true, status: 'confirmed', replay: false }],
    ['confirmed', 'confirm', { ok: true, status: 'confirmed', replay: true }],
    ['pending', 'reschedule', { ok: true, status: 'confirmed', replay: false }],
    ['confirmed', 'reschedule', { ok: true, status: 'confirmed', replay: false }],
    ['confirmed', 'complete', { ok: true, status: 'completed', replay: false }],
    ['completed', 'complete', { ok: true, status: 'completed', replay: true }],
    ['pending', 'cancel', { ok: true, status: 'cancelled', replay: false }],
    ['cancelled', 'cancel', { ok: true, status: 'cancelled', replay: true }],
    ['completed', 'cancel', { ok: false, message: M.done }],
    ['cancelled', 'confirm', { ok: false, message: M.cancelled }],
  ] as const)('%s + %s', (status, action, expected) => {
    expect(nextConsultationStatus(status, action)).toEqual(expected);
  });

  it('offers what the state allows', () => {
    expect(consultationActions('pending')).toEqual(['confirm', 'reschedule', 'complete', 'cancel']);
    expect(consultationActions('confirmed')).toEqual(['reschedule', 'complete', 'cancel']);
    expect(consultationActions('completed')).toEqual([]);
  });
});
