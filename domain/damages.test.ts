import { describe, expect, it } from 'vitest';
import { DAMAGE_ITEMS, INCIDENTALS_CENTS, INCIDENTALS_INVENTORY_SHARE, totalLossCents } from './damages';

describe('damage prices (SPEC.md §9 Damages)', () => {
  it('charges $5, $20 and $30 per item', () => {
    expect(DAMAGE_ITEMS['small-pieces'].unitCents).toBe(500);
    expect(DAMAGE_ITEMS['fixtures-electric'].unitCents).toBe(2000);
    expect(DAMAGE_ITEMS['textiles-decor'].unitCents).toBe(3000);
  });

  it('charges a flat $500 when more than half the inventory is lost', () => {
    expect(INCIDENTALS_CENTS).toBe(50000);
    expect(INCIDENTALS_INVENTORY_SHARE).toBe(0.5);
  });
});

describe('totalLossCents', () => {
  it.each([
    ['5-7ft', false, {}, 40000],
    ['7.5-9ft', false, {}, 80000],
    ['10-12ft', false, {}, 120000],
    ['7.5-9ft', true, {}, 130000],
    ['5-7ft', false, { 'ornament-boost': 10000, 'luxe-ornament-boost': 25000, 'monogram-charms': 2000 }, 77000],
    ['5-7ft', true, { 'gift-wrap': 12500, stockings: 6000 }, 90000],
    ['5-7ft', false, { 'ornament-boost': -5 }, 40000],
  ] as const)('%s, luxe %s, add-ons %j → %i cents', (size, luxe, addons, expected) => {
    expect(totalLossCents(size, luxe, addons)).toBe(expected);
  });
});
