import { describe, expect, it } from 'vitest';
import { pbDate } from './command';
import { disputeCommand } from './dispute-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const dispute = { disputeId: 'dp_1', amountCents: 15_000, reason: 'fraudulent', paymentIntentId: 'pi_1' };

describe('the dispute command', () => {
  it.each([
    ['a first dispute flags the booking and tells the owner', { id: 'b1', disputeId: '' }, true],
    ['another dispute on a flagged booking flags it anew', { id: 'b1', disputeId: 'dp_0' }, true],
    ['the same dispute again changes nothing (a redelivery)', { id: 'b1', disputeId: 'dp_1' }, false],
  ])('%s', (_name, booking, changed) => {
    expect(disputeCommand.decide({ booking }, dispute, NOW)).toEqual(
      changed
        ? { changes: [{ op: 'update', collection: 'bookings', id: 'b1', fields: { dispute_id: 'dp_1', disputed_at: pbDate(NOW) } }], mails: [{ bookingId: 'b1', dispute }], answer: { found: true } }
        : { changes: [], mails: [], answer: { found: true } },
    );
  });

  it('answers not found when no booking has the payment', () => {
    expect(disputeCommand.decide({ booking: null }, dispute, NOW)).toEqual({ changes: [], mails: [], answer: { found: false } });
  });

  it('parses a dispute naming its payment', () => {
    expect(disputeCommand.parse({ disputeId: 'dp_1' }, [])).toEqual({ ok: false, message: 'The dispute names no payment.' });
    expect(disputeCommand.parse({ disputeId: 'dp_1', paymentIntentId: 'pi_1', amountCents: -5 }, [])).toEqual({
      ok: true,
      value: { disputeId: 'dp_1', paymentIntentId: 'pi_1', amountCents: 0, reason: '' },
    });
  });
});
