import { describe, expect, it } from 'vitest';
import { CHARGE_STATUSES, ChargeStatus as S, chargeTransition, type ChargeEvent } from './charge-lifecycle';

const EVENTS: ChargeEvent[] = [
  { type: 'answered', status: S.Succeeded },
  { type: 'answered', status: S.Processing },
  { type: 'answered', status: S.RequiresCheckout },
  { type: 'answered', status: S.Failed },
  { type: 'intent_succeeded' },
  { type: 'intent_failed' },
  { type: 'checkout_paid' },
  { type: 'link_closed' },
  { type: 'void', recorded: true },
  { type: 'void', recorded: false },
];

/** The moves a charge's status may make (docs/decisions/030, 045); every other pair of status and event is refused. */
const ALLOWED: [from: S, event: ChargeEvent, to: S][] = [
  [S.Pending, { type: 'answered', status: S.Succeeded }, S.Succeeded],
  [S.Pending, { type: 'answered', status: S.Processing }, S.Processing],
  [S.Pending, { type: 'answered', status: S.RequiresCheckout }, S.RequiresCheckout],
  [S.Pending, { type: 'answered', status: S.Failed }, S.Failed],
  [S.Pending, { type: 'intent_succeeded' }, S.Succeeded],
  [S.Processing, { type: 'intent_succeeded' }, S.Succeeded],
  [S.Failed, { type: 'intent_succeeded' }, S.Succeeded],
  [S.Pending, { type: 'intent_failed' }, S.Failed],
  [S.Processing, { type: 'intent_failed' }, S.Failed],
  [S.RequiresCheckout, { type: 'checkout_paid' }, S.Succeeded],
  [S.Failed, { type: 'checkout_paid' }, S.Succeeded],
  [S.RequiresCheckout, { type: 'link_closed' }, S.Failed],
  [S.Succeeded, { type: 'void', recorded: true }, S.Voided],
];

describe('chargeTransition: the table of a charge status and an event', () => {
  const rows = CHARGE_STATUSES.flatMap((from) =>
    EVENTS.map((event) => {
      const allowed = ALLOWED.find(([f, e]) => f === from && JSON.stringify(e) === JSON.stringify(event));
      return [from, JSON.stringify(event), event, allowed ? allowed[2] : null] as const;
    }),
  );

  it.each(rows)('%s, %s → %s', (from, _name, event, to) => {
    expect(chargeTransition(from, event)).toBe(to);
  });

  it('a succeeded card payment is never voided, and a voided payment never moves', () => {
    expect(chargeTransition(S.Succeeded, { type: 'void', recorded: false })).toBeNull();
    for (const event of EVENTS) expect(chargeTransition(S.Voided, event)).toBeNull();
  });
});
