import { describe, expect, it } from 'vitest';
import { consultationSlotLabel, consultationSlotMinutes, isConsultationSlot, parseConsultationRequest, UNKNOWN_CONSULTATION_SLOT } from './consultation';
import { MESSAGES } from '../messages';

const valid = {
  date: '2026-11-25',
  timeSlot: '10:30',
  customerName: ' Holly Berry ',
  customerEmail: 'holly@example.com',
  customerPhone: '(410) 555-0100',
  customerAddress: '42 Evergreen Lane, Ellicott City',
};

describe('consultation slots (docs/product.md §9)', () => {
  it('knows the 24 half-hours from 08:00 to 19:30', () => {
    expect(isConsultationSlot('08:00')).toBe(true);
    expect(isConsultationSlot('19:30')).toBe(true);
    expect(isConsultationSlot('20:00')).toBe(false);
    expect(isConsultationSlot('08:15')).toBe(false);
    expect(isConsultationSlot(8)).toBe(false);
  });
  it('gives labels and 30-minute spans', () => {
    expect(consultationSlotLabel('13:30')).toBe('1:30 PM');
    expect(consultationSlotMinutes('10:30')).toEqual({ start: 630, end: 660 });
    expect(consultationSlotMinutes('19:30')).toEqual({ start: 1170, end: 1200 });
    expect(consultationSlotMinutes('25:00')).toBeNull();
  });
});

describe('consultation request (docs/product.md §5)', () => {
  it('accepts a valid request, trimmed, notes optional', () => {
    const r = parseConsultationRequest(valid);
    expect(r).toEqual({ ok: true, value: { ...valid, customerName: 'Holly Berry', notes: '' } });
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['no date', { date: undefined }, MESSAGES.selectConsultation],
    ['empty date', { date: '' }, MESSAGES.selectConsultation],
    ['no slot', { timeSlot: '' }, MESSAGES.selectConsultation],
    ['malformed date', { date: '2026-02-30' }, MESSAGES.selectConsultation],
    ['slot not offered', { timeSlot: '20:00' }, UNKNOWN_CONSULTATION_SLOT],
    ['no name', { customerName: '  ' }, 'Name is required'],
    ['bad email', { customerEmail: 'holly@' }, 'Invalid email address'],
    ['bad phone', { customerPhone: 'call me' }, 'Invalid phone number format'],
    ['short address', { customerAddress: '12' }, 'Address must be at least 5 characters'],
    ['long notes', { notes: 'x'.repeat(2001) }, 'Notes must be less than 2000 characters'],
    ['NUL-only name', { customerName: '\u0000' }, 'Name is required'],
    ['zero-width-only name', { customerName: '\u200B\u200D\uFEFF' }, 'Name is required'],
    ['address of zero-width spaces', { customerAddress: '\u200B'.repeat(10) }, 'Address must be at least 5 characters'],
  ])('%s → %s', (_, over, message) => {
    expect(parseConsultationRequest({ ...valid, ...over })).toEqual({ ok: false, message });
  });
  it('stores the text cleaned (domain/text.ts): invisible characters gone, line breaks kept in notes', () => {
    const r = parseConsultationRequest({ ...valid, customerName: '\u200BHolly\u0000 Berry\u2060', notes: 'Call first\r\nthanks\u200B' });
    expect(r.ok && r.value).toMatchObject({ customerName: 'Holly Berry', notes: 'Call first\nthanks' });
  });
  it('checks the date and time before the contact fields, as the page does', () => {
    expect(parseConsultationRequest({ customerName: '' })).toEqual({ ok: false, message: MESSAGES.selectConsultation });
    expect(parseConsultationRequest(null)).toEqual({ ok: false, message: MESSAGES.selectConsultation });
  });
});
