import { describe, expect, it } from 'vitest';
import {
  CHARGE_MESSAGES,
  DEFAULT_CHARGE_DESCRIPTION,
  chargeAnswer,
  chargeBlocker,
  chargeFingerprintSource,
  chargeTitle,
  damagesEligible,
  parseChargeRequest,
  planCharge,
  type ChargeableBooking,
} from './balance-charge';
import { DAMAGE_MESSAGES, type DamageSelection } from './damages';
import type { BookingStatus, PaymentStatus } from '../booking/lifecycle';

const BOOKING_ID = 'abcdefghij12345';

/** A confirmed Elevated Arbor 7.5–9 ft booking with its $825 balance due. */
const booking = (over: Partial<ChargeableBooking> = {}): ChargeableBooking => ({
  package_type: 'elevated-arbor',
  tree_size: '7.5-9ft',
  luxe_finish: false,
  selected_addons: [],
  status: 'confirmed' as const,
  payment_status: 'deposit_paid' as const,
  balance_remaining: 82500,
  ...over,
});

const select = (over: Partial<DamageSelection> = {}): DamageSelection => ({ items: {}, incidentals: false, totalLoss: false, ...over });

describe('damagesEligible (docs/product.md §5 Admin)', () => {
  it.each([
    ['elevated-arbor', false, [], true],
    ['premium', false, [], true],
    ['curated-christmas', false, [], true],
    ['luxury', false, [], true],
    ['adorned-arrangement', false, [], false],
    ['designer', false, [{ id: 'gift-wrap', price: 12500 }], false],
    ['adorned-arrangement', true, [], true],
    ['designer', false, [{ id: 'ornament-boost', price: 10000 }], true],
    ['adorned-arrangement', false, [{ id: 'luxe-ornament-boost', price: 25000 }], true],
    ['adorned-arrangement', false, [{ id: 'monogram-charms', price: 2000 }], true],
    ['unknown-package', true, [], false],
  ] as const)('%s, luxe %s, add-ons %j → %s', (pkg, luxe, addons, expected) => {
    expect(damagesEligible({ package_type: pkg, luxe_finish: luxe, selected_addons: [...addons] })).toBe(expected);
  });
});

describe('chargeBlocker', () => {
  it.each([
    ['confirmed', 'deposit_paid', null],
    ['completed', 'paid', null],
    ['cancelled', 'deposit_paid', CHARGE_MESSAGES.cancelled],
    ['payment_conflict', 'refunded', CHARGE_MESSAGES.conflict],
    ['confirmed', 'refund_pending', CHARGE_MESSAGES.conflict],
    ['pending_payment', 'pending', CHARGE_MESSAGES.depositUnpaid],
    ['pending', 'pending', CHARGE_MESSAGES.depositUnpaid],
  ])('%s / %s → %s', (status, payment_status, expected) => {
    expect(chargeBlocker({ status: status as BookingStatus, payment_status: payment_status as PaymentStatus })).toBe(expected);
  });
});

describe('parseChargeRequest', () => {
  it('defaults the description and reads no damages when additionalCharges is absent', () => {
    expect(parseChargeRequest({ bookingId: BOOKING_ID })).toEqual({ ok: true, value: { bookingId: BOOKING_ID, selection: null, description: DEFAULT_CHARGE_DESCRIPTION } });
  });

  it('normalises the description and parses the damage selection', () => {
    const parsed = parseChargeRequest({ bookingId: BOOKING_ID, additionalCharges: { items: { small: 2 } }, chargeDescription: '  Broken\u200b star \n topper ' });
    expect(parsed).toEqual({ ok: true, value: { bookingId: BOOKING_ID, selection: select({ items: { small: 2 } }), description: 'Broken star   topper' } });
  });

  it.each([
    ['no booking id', {}, CHARGE_MESSAGES.bookingMissing],
    ['a malformed booking id', { bookingId: '../x' }, CHARGE_MESSAGES.bookingMissing],
    ['an amount for damages', { bookingId: BOOKING_ID, additionalCharges: 5000 }, DAMAGE_MESSAGES.invalidSelection],
    ['a long description', { bookingId: BOOKING_ID, chargeDescription: 'x'.repeat(501) }, CHARGE_MESSAGES.descriptionTooLong],
    ['a description that is not text', { bookingId: BOOKING_ID, chargeDescription: 5 }, CHARGE_MESSAGES.descriptionTooLong],
  ])('refuses %s', (_name, body, message) => {
    expect(parseChargeRequest(body)).toEqual({ ok: false, message });
  });
});

describe('chargeFingerprintSource', () => {
  const fp = (body: Record<string, unknown>) => {
    const parsed = parseChargeRequest({ bookingId: BOOKING_ID, ...body });
    if (!parsed.ok) throw new Error(parsed.message);
    return chargeFingerprintSource(parsed.value);
  };
  it('is the same for equal requests however they are written', () => {
    expect(fp({ additionalCharges: { items: { small: 1, fixtures: 0 }, amount: 5 } })).toBe(fp({ additionalCharges: { totalLoss: false, items: { small: 1 } } }));
    expect(fp({})).toBe(fp({ chargeDescription: DEFAULT_CHARGE_DESCRIPTION, additionalCharges: null }));
  });
  it('differs when the damages, the booking or the description differ', () => {
    const base = fp({ additionalCharges: { items: { small: 1 } } });
    expect(fp({ additionalCharges: { items: { small: 2 } } })).not.toBe(base);
    expect(fp({ additionalCharges: { items: { small: 1 } }, chargeDescription: 'Other' })).not.toBe(base);
    expect(fp({})).not.toBe(fp({ additionalCharges: {} }));
  });
});

describe('planCharge', () => {
  it.each([
    ['the balance alone', booking(), null, { balanceCents: 82500, damagesCents: 0, totalCents: 82500, kind: 'balance' }],
    ['the balance with an empty selection', booking(), select(), { balanceCents: 82500, damagesCents: 0, totalCents: 82500, kind: 'balance' }],
    [
      'balance and damages, even before any visit was done',
      booking(),
      select({ items: { small: 2, textiles: 1 } }),
      { balanceCents: 82500, damagesCents: 4000, totalCents: 86500, kind: 'balance_and_damages' },
    ],
    [
      'damages after the balance was paid',
      booking({ payment_status: 'paid', balance_remaining: 0, removal_done_at: '2026-12-28 15:00:00.000Z' }),
      select({ incidentals: true }),
      { balanceCents: 0, damagesCents: 50000, totalCents: 50000, kind: 'damages' },
    ],
    [
      'a total loss priced from the booking, never the client',
      booking({
        package_type: 'adorned-arrangement',
        tree_size: '5-7ft',
        luxe_finish: true,
        balance_remaining: 0,
        payment_status: 'paid' as const,
        install_done_at: '2026-11-28 15:00:00.000Z',
        selected_addons: [{ id: 'monogram-charms', price: 2000 }],
      }),
      select({ totalLoss: true }),
      { balanceCents: 0, damagesCents: 40000 + 50000 + 2000, totalCents: 92000, kind: 'damages' },
    ],
    ['the balance of a package without damages', booking({ package_type: 'adorned-arrangement' }), null, { balanceCents: 82500, damagesCents: 0, totalCents: 82500, kind: 'balance' }],
  ] as const)('%s', (_name, b, selection, expected) => {
    expect(planCharge(b, selection)).toMatchObject({ ok: true, ...expected });
  });

  it.each([
    ['a cancelled booking', booking({ status: 'cancelled' }), null, 409, CHARGE_MESSAGES.cancelled],
    ['a refunded conflict', booking({ status: 'payment_conflict', payment_status: 'refunded' }), null, 409, CHARGE_MESSAGES.conflict],
    ['an unpaid deposit', booking({ status: 'pending_payment', payment_status: 'pending' }), select({ items: { small: 1 } }), 409, CHARGE_MESSAGES.depositUnpaid],
    ['nothing left and no damages', booking({ payment_status: 'paid', balance_remaining: 0 }), null, 409, CHARGE_MESSAGES.nothingLeft],
    ['an empty selection and no balance', booking({ payment_status: 'paid', balance_remaining: 0 }), select(), 400, DAMAGE_MESSAGES.selectItem],
    ['damages alone before either visit was done', booking({ payment_status: 'paid', balance_remaining: 0 }), select({ items: { small: 1 } }), 409, CHARGE_MESSAGES.damagesBeforeVisit],
    ['damages on a plain Adorned Arrangement', booking({ package_type: 'adorned-arrangement' }), select({ items: { small: 1 } }), 409, CHARGE_MESSAGES.damagesNotEligible],
  ] as const)('refuses %s', (_name, b, selection, status, message) => {
    expect(planCharge(b, selection)).toEqual({ ok: false, status, message });
  });
});

describe('chargeTitle', () => {
  it('names what is charged', () => {
    expect(chargeTitle('balance', DEFAULT_CHARGE_DESCRIPTION)).toBe('Remaining balance');
    expect(chargeTitle('damages', 'Broken topper')).toBe('Damages: Broken topper');
    expect(chargeTitle('balance_and_damages', 'Broken topper')).toBe('Remaining balance and damages: Broken topper');
  });
});

describe('chargeAnswer (the first answer, for every replay)', () => {
  it.each([
    ['pending', { status: 'pending', amount: 100, checkout_url: '', error: '' }, null],
    ['succeeded', { status: 'succeeded', amount: 86500, checkout_url: '', error: '' }, { success: true, error: null, requiresCheckout: false, checkoutUrl: null, amountCharged: 86500 }],
    [
      'failed',
      { status: 'failed', amount: 100, checkout_url: '', error: 'Your card was declined.' },
      { success: false, error: 'Your card was declined.', requiresCheckout: false, checkoutUrl: null, amountCharged: 0 },
    ],
    [
      'failed without a reason',
      { status: 'failed', amount: 100, checkout_url: '', error: '' },
      { success: false, error: CHARGE_MESSAGES.failed, requiresCheckout: false, checkoutUrl: null, amountCharged: 0 },
    ],
    [
      'requires_checkout',
      { status: 'requires_checkout', amount: 100, checkout_url: 'https://checkout.stripe.com/c/pay/cs_1', error: '' },
      { success: false, error: null, requiresCheckout: true, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1', amountCharged: 0 },
    ],
    [
      'processing (the bank has not confirmed it: not paid)',
      { status: 'processing', amount: 100, checkout_url: '', error: '' },
      { success: false, error: CHARGE_MESSAGES.processing, requiresCheckout: false, checkoutUrl: null, amountCharged: 0 },
    ],
    [
      'a link paid later',
      { status: 'succeeded', amount: 100, checkout_url: 'https://checkout.stripe.com/c/pay/cs_1', error: '' },
      { success: false, error: null, requiresCheckout: true, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1', amountCharged: 0 },
    ],
  ] as const)('%s', (_name, stored, expected) => {
    expect(chargeAnswer(stored)).toEqual(expected);
  });
});
