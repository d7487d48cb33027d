import { describe, expect, it } from 'vitest';
import { ARRIVAL_WINDOW_HOURS, BALANCE_PAYMENT_METHODS, CHANGE_WINDOW_HOURS, INVENTORY_CHECK_HOURS } from './policies';

describe('policy numbers (docs/product.md §9)', () => {
  it('matches the specification', () => {
    expect(ARRIVAL_WINDOW_HOURS).toBe(1);
    expect(CHANGE_WINDOW_HOURS).toBe(72);
    expect(INVENTORY_CHECK_HOURS).toBe(48);
    expect(BALANCE_PAYMENT_METHODS).toEqual(['cash', 'check', 'card on site', 'an online payment link']);
  });
});
