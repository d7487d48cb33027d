import { describe, expect, it } from 'vitest';
import { chargeQuestion, EMPTY_DAMAGE_FORM, incidentalsDisabled, itemsDisabled, selectionOf, setIncidentals, setQuantity, settleQuantity, setTotalLoss, toggleItem } from './damage-dialog';
import { priceDamages } from './damages';

const inventory = { treeSize: '7.5-9ft' as const, luxeFinish: false, addonCents: {} };

describe('the damage dialog (docs/product.md §4 Damage dialog, §5 Admin)', () => {
  it('sends ticked items with their quantities', () => {
    let f = toggleItem(EMPTY_DAMAGE_FORM, 'small', true);
    f = setQuantity(f, 'small', '4');
    f = toggleItem(f, 'textiles', true);
    expect(selectionOf(f)).toEqual({ items: { small: 4, textiles: 1 }, incidentals: false, totalLoss: false });
    expect(priceDamages(selectionOf(f), inventory).totalCents).toBe(4 * 500 + 3000);
  });

  it.each([
    ['2.6', 2],
    ['0', 1],
    ['-3', 1],
    ['', 1],
    ['abc', 1],
  ])('reads the quantity %j as %i (whole numbers, minimum 1, 1 when invalid)', (typed, q) => {
    const f = setQuantity(toggleItem(EMPTY_DAMAGE_FORM, 'fixtures', true), 'fixtures', typed);
    expect(selectionOf(f).items.fixtures).toBe(q);
  });

  it('ignores the quantity of an unticked item', () => {
    expect(selectionOf(setQuantity(EMPTY_DAMAGE_FORM, 'small', '9')).items).toEqual({});
  });

  it('incidentals clears and disables the items', () => {
    const f = setIncidentals(toggleItem(EMPTY_DAMAGE_FORM, 'small', true), true);
    expect(itemsDisabled(f)).toBe(true);
    expect(f.ticked.small).toBe(false);
    expect(toggleItem(f, 'small', true).ticked.small).toBe(false);
    expect(selectionOf(f)).toEqual({ items: {}, incidentals: true, totalLoss: false });
    expect(itemsDisabled(setIncidentals(f, false))).toBe(false);
  });

  it('total loss clears and disables all the others', () => {
    const f = setTotalLoss(setIncidentals(EMPTY_DAMAGE_FORM, true), true);
    expect(f.incidentals).toBe(false);
    expect(itemsDisabled(f)).toBe(true);
    expect(incidentalsDisabled(f)).toBe(true);
    expect(setIncidentals(f, true).incidentals).toBe(false);
    expect(selectionOf(f)).toEqual({ items: {}, incidentals: false, totalLoss: true });
    expect(priceDamages(selectionOf(f), inventory).totalCents).toBe(80000);
  });

  it('an empty form prices to nothing', () => {
    expect(priceDamages(selectionOf(EMPTY_DAMAGE_FORM), inventory).totalCents).toBe(0);
  });
});

describe('a quantity box left', () => {
  it.each([
    ['0', '1'],
    ['', '1'],
    ['2.7', '2'],
    ['5', '5'],
    ['5000', '999'],
  ])('typed %j shows %j, the number it is priced at', (typed, shown) => {
    const f = settleQuantity(setQuantity(toggleItem(EMPTY_DAMAGE_FORM, 'small', true), 'small', typed), 'small');
    expect(f.quantities.small).toBe(shown);
    expect(selectionOf(f).items.small).toBe(Number(shown));
  });
});

describe('the question before charging the card', () => {
  it('names the amount and the card, or the card on file', () => {
    expect(chargeQuestion(3500)).toBe('Charge $35 to the card on file?');
    expect(chargeQuestion(3500, { brand: 'visa', last4: '4242' })).toBe('Charge $35 to the Visa card ending in 4242?');
    expect(chargeQuestion(117500, { brand: null, last4: '12' })).toBe('Charge $1,175 to the card on file?');
  });
});
