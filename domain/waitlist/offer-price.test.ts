import { describe, expect, it } from 'vitest';
import { bookingChoices } from '../../tests/support/domain-builders';
import { quote } from '../money/pricing';
import { offerPrice } from './offer-price';

describe("a waitlist offer's package and price", () => {
  it('prices the kept choices with the checkout’s quote, without a travel fee', () => {
    const got = offerPrice('elevated-arbor', '7.5-9ft', { addons: [{ id: 'ornament-boost', quantity: 1 }], luxe: false });
    const expected = quote(bookingChoices({ packageSlug: 'elevated-arbor', treeSize: '7.5-9ft', addons: { 'ornament-boost': 1 }, distanceMiles: null }));
    expect(got).toEqual({ packageTitle: 'Elevated Arbor', totalCents: expected.totalCents, depositCents: expected.depositCents });
    expect(got!.totalCents).toBeGreaterThan(0);
  });

  it('ignores what it cannot read, and gives nothing without a package or size', () => {
    expect(offerPrice('elevated-arbor', '7.5-9ft', { addons: 'lots', luxeKeepOrnaments: 999 })).toEqual(offerPrice('elevated-arbor', '7.5-9ft', {}));
    expect(offerPrice('', '7.5-9ft', {})).toBeNull();
    expect(offerPrice('elevated-arbor', 'huge', {})).toBeNull();
  });
});
