import { describe, expect, it } from 'vitest';
import { OWNERSHIP_MESSAGES } from '../booking/ownership';
import { CONSULTATION_SLOT_TAKEN } from '../consultations/consultation';
import { noticeRefusal } from '../schedule/notice';
import { isRefusal } from './command';
import { consultationRequestCommand, type ConsultationRequestState } from './consultation-request-command';

// Friday November 20, 2026, noon in New York.
const NOW = Date.UTC(2026, 10, 20, 17);
const input = {
  date: '2026-11-25',
  timeSlot: '14:00',
  customerName: 'Cara Client',
  customerEmail: 'cara@example.com',
  customerPhone: '(410) 555-0100',
  customerAddress: '1 Main St, Annapolis, MD 21401',
  notes: '',
};
const state = (over: Partial<ConsultationRequestState> = {}): ConsultationRequestState => ({
  dateProblem: null,
  noticeHours: 24,
  capped: false,
  taken: new Set(),
  others: [],
  travel: null,
  newId: 'consult0000001',
  manageToken: 'tok',
  tokenHash: 'hash-of-tok',
  manageUrl: 'https://example.com/my-consultation?token=tok',
  clientIp: '203.0.113.9',
  ...over,
});

describe('the consultation-request command', () => {
  it('makes the request pending with its link, queues the confirmation and the notice, and answers its token', () => {
    const out = consultationRequestCommand.decide(state(), input, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([
      {
        op: 'create',
        collection: 'consultation_requests',
        id: 'consult0000001',
        fields: {
          customer_name: 'Cara Client',
          customer_email: 'cara@example.com',
          customer_phone: '(410) 555-0100',
          customer_address: '1 Main St, Annapolis, MD 21401',
          consultation_date: '2026-11-25',
          consultation_time_slot: '14:00',
          notes: '',
          status: 'pending',
          client_ip: '203.0.113.9',
        },
      },
      { op: 'create', collection: 'consultation_links', fields: { consultation: 'consult0000001', token_hash: 'hash-of-tok', expires_at: '2026-12-03 05:00:00.000Z' } },
    ]);
    expect(out.mails.map((m) => m.copy)).toEqual(['customer', 'business']);
    expect(out.answer).toEqual({ id: 'consult0000001', date: '2026-11-25', timeSlot: '14:00', status: 'pending', manageToken: 'tok' });
  });

  it.each([
    ['a date the season refuses', state({ dateProblem: 'Consultations are held on Wednesdays only.', capped: true }), input, 400, 'Consultations are held on Wednesdays only.'],
    ['a time inside the notice', state({ noticeHours: 120, capped: true }), { ...input, timeSlot: '09:00' }, 409, noticeRefusal('consultation', 120)],
    ['a caller at the cap', state({ capped: true, taken: new Set(['14:00']) }), input, 429, OWNERSHIP_MESSAGES.tooManyConsultations],
    ['a slot taken', state({ taken: new Set(['14:00']) }), input, 409, CONSULTATION_SLOT_TAKEN],
  ] as const)('refuses %s first, writing nothing', (_name, s, i, status, message) => {
    const out = consultationRequestCommand.decide(s, i, NOW);
    expect(isRefusal(out) ? { status: out.status, message: out.message.slice(0, message.length) } : out).toEqual({ status, message });
  });
});
