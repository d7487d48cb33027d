import { describe, expect, it } from 'vitest';
import {
  DAMAGE_ITEMS,
  DAMAGE_MESSAGES,
  INCIDENTALS_CENTS,
  INCIDENTALS_INVENTORY_SHARE,
  addonCentsOf,
  dialogQuantity,
  parseDamageSelection,
  priceDamages,
  totalLossCents,
  type DamageInventory,
} from './damages';

describe('damage prices (docs/product.md §9 Damages)', () => {
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

describe('dialogQuantity (docs/product.md §5: whole numbers, minimum 1, 1 when invalid)', () => {
  it.each([
    [3, 3],
    ['4', 4],
    [2.7, 2],
    [0, 1],
    [-2, 1],
    ['', 1],
    ['abc', 1],
    [null, 1],
    [Number.NaN, 1],
    [5000, 999],
  ] as const)('%j → %i', (raw, expected) => {
    expect(dialogQuantity(raw)).toBe(expected);
  });
});

describe('parseDamageSelection', () => {
  it.each([
    ['items', { items: { small: 2, fixtures: 0, textiles: 1 } }, { items: { small: 2, textiles: 1 }, incidentals: false, totalLoss: false }],
    ['incidentals with cleared items', { items: { small: 0 }, incidentals: true, totalLoss: false }, { items: {}, incidentals: true, totalLoss: false }],
    ['total loss', { totalLoss: true }, { items: {}, incidentals: false, totalLoss: true }],
    ['an empty selection', {}, { items: {}, incidentals: false, totalLoss: false }],
    ['a client amount, ignored', { items: { small: 1 }, amount: 99999, amountCents: 1 }, { items: { small: 1 }, incidentals: false, totalLoss: false }],
  ])('accepts %s', (_name, input, expected) => {
    expect(parseDamageSelection(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['an amount instead of a selection', 125, DAMAGE_MESSAGES.invalidSelection],
    ['an array', [], DAMAGE_MESSAGES.invalidSelection],
    ['items as a list', { items: [1, 2] }, DAMAGE_MESSAGES.invalidSelection],
    ['a fractional quantity', { items: { small: 1.5 } }, DAMAGE_MESSAGES.invalidQuantity],
    ['a negative quantity', { items: { fixtures: -1 } }, DAMAGE_MESSAGES.invalidQuantity],
    ['a quantity as text', { items: { textiles: '2' } }, DAMAGE_MESSAGES.invalidQuantity],
    ['a huge quantity', { items: { small: 1000 } }, DAMAGE_MESSAGES.invalidQuantity],
    ['a flag as text', { incidentals: 'yes' }, DAMAGE_MESSAGES.invalidSelection],
    ['items with incidentals', { items: { small: 1 }, incidentals: true }, DAMAGE_MESSAGES.exclusive],
    ['incidentals with total loss', { incidentals: true, totalLoss: true }, DAMAGE_MESSAGES.exclusive],
  ])('refuses %s', (_name, input, message) => {
    expect(parseDamageSelection(input)).toEqual({ ok: false, message });
  });
});

describe('addonCentsOf', () => {
  it('sums the stored add-on prices by id and skips anything malformed', () => {
    expect(
      addonCentsOf([
        { id: 'ornament-boost', price: 10000 },
        { id: 'monogram-charms', quantity: 4, price: 2000 },
        { id: 'monogram-charms', price: 500 },
        { id: 'not-an-addon', price: 5 },
        { id: 'gift-wrap', price: '12500' },
        null,
      ]),
    ).toEqual({ 'ornament-boost': 10000, 'monogram-charms': 2500 });
    expect(addonCentsOf('nope')).toEqual({});
  });
});

describe('priceDamages (docs/product.md §9 Damages)', () => {
  const inventory: DamageInventory = { treeSize: '7.5-9ft', luxeFinish: true, addonCents: { 'ornament-boost': 10000 } };
  it.each([
    ['2 small, 1 fixture, 3 textiles', { items: { small: 2, fixtures: 1, textiles: 3 }, incidentals: false, totalLoss: false }, 2 * 500 + 2000 + 3 * 3000],
    ['incidentals', { items: {}, incidentals: true, totalLoss: false }, 50000],
    ['total loss: keep price + luxe + ornament add-ons', { items: {}, incidentals: false, totalLoss: true }, 80000 + 50000 + 10000],
    ['nothing', { items: {}, incidentals: false, totalLoss: false }, 0],
  ])('%s', (_name, selection, cents) => {
    const priced = priceDamages(selection, inventory);
    expect(priced.totalCents).toBe(cents);
    expect(priced.lines.reduce((s, l) => s + l.cents, 0)).toBe(cents);
  });

  it('lists one line per item kind with its quantity', () => {
    expect(priceDamages({ items: { textiles: 2 }, incidentals: false, totalLoss: false }, inventory).lines).toEqual([{ label: 'Textiles and decor items', quantity: 2, cents: 6000 }]);
  });
});
