import { describe, expect, it } from 'vitest';
import { chooseTreeSize, choosePackage, initialWizardState, type WizardState } from './wizard-state';
import {
  missingInformation,
  removalWanted,
  setAddonQuantity,
  setInstallDate,
  setKeepOrnaments,
  setLuxeFinish,
  setRemovalDate,
  setRemovalRequested,
  toBookingRequest,
  toggleAddon,
  withPrefill,
} from './wizard-changes';

const state = (over: Partial<WizardState> = {}): WizardState => ({ ...initialWizardState, ...over });
const adorned = state({ packageSlug: 'adorned-arrangement', treeSize: '5-7ft' });
const elevated = state({ packageSlug: 'elevated-arbor', treeSize: '7.5-9ft' });

describe('wizard transitions (docs/product.md §4)', () => {
  it('toggles an add-on on and off', () => {
    const on = toggleAddon(elevated, 'gift-wrap');
    expect(on.addons).toEqual({ 'gift-wrap': 1 });
    expect(toggleAddon(on, 'gift-wrap').addons).toEqual({});
  });

  it.each([
    ['ornament-boost', true],
    ['luxe-topper', true],
    ['stockings', true],
    ['gift-wrap', false],
  ] as const)('Adorned Arrangement: choosing %s switches removal on: %s', (id, on) => {
    expect(toggleAddon(adorned, id).removalRequested).toBe(on);
  });

  it('Luxe Finish clears the à-la-carte add-ons it includes and keeps stockings', () => {
    let s = toggleAddon(toggleAddon(toggleAddon(elevated, 'ornament-boost'), 'tree-stylings'), 'stockings', 2);
    s = setLuxeFinish(s, true);
    expect(s.addons).toEqual({ stockings: 2 });
    expect(toggleAddon(s, 'gift-wrap').addons).toEqual({ stockings: 2 });
  });

  it('unticking optional removal clears the removal date and slot', () => {
    let s = setRemovalRequested(adorned, true);
    s = { ...s, removalDate: '2026-12-28', removalTimeSlot: '9-12' };
    s = setRemovalRequested(s, false);
    expect([s.removalDate, s.removalTimeSlot]).toEqual([null, null]);
  });

  it('changing a date clears its slot; changing the size clears both slots', () => {
    const s = state({ ...elevated, installDate: '2026-11-24', installTimeSlot: '9-15', removalDate: '2026-12-28', removalTimeSlot: '9-15' });
    expect(setInstallDate(s, '2026-11-27').installTimeSlot).toBeNull();
    expect(setInstallDate(s, '2026-11-24').installTimeSlot).toBe('9-15');
    expect(setRemovalDate(s, '2026-12-29').removalTimeSlot).toBeNull();
    const resized = chooseTreeSize(s, '5-7ft');
    expect([resized.installTimeSlot, resized.removalTimeSlot, resized.installDate]).toEqual([null, null, '2026-11-24']);
  });

  it('keep-ornaments needs eligibility, makes removal optional and off', () => {
    expect(setKeepOrnaments(adorned, true).keepOrnaments).toBe(false);
    const s = setKeepOrnaments({ ...elevated, removalDate: '2026-12-28', removalTimeSlot: '9-15' }, true);
    expect(s.keepOrnaments).toBe(true);
    expect(removalWanted(s)).toBe(false);
    expect([s.removalDate, s.removalTimeSlot]).toEqual([null, null]);
    expect(removalWanted(setRemovalRequested(s, true))).toBe(true);
  });

  it('losing eligibility turns keep-ornaments off', () => {
    const s = setKeepOrnaments(toggleAddon(adorned, 'ornament-boost'), true);
    expect(s.keepOrnaments).toBe(true);
    expect(toggleAddon(s, 'ornament-boost').keepOrnaments).toBe(false);
  });

  it('switching package resets the removal tick', () => {
    const s = choosePackage(setRemovalRequested(adorned, true), 'curated-christmas');
    expect(s.removalRequested).toBe(false);
    expect(removalWanted(s)).toBe(true);
  });

  it('clamps add-on quantities to whole numbers of at least 1', () => {
    const s = toggleAddon(elevated, 'monogram-charms', 4);
    expect(setAddonQuantity(s, 'monogram-charms', 2.7).addons['monogram-charms']).toBe(2);
    expect(setAddonQuantity(s, 'monogram-charms', Number.NaN).addons['monogram-charms']).toBe(1);
    expect(setAddonQuantity(s, 'monogram-charms', -3).addons['monogram-charms']).toBe(1);
  });
});

describe('blocked Continue messages (docs/product.md §5 Booking submission)', () => {
  it.each<[string, WizardState, 1 | 4, string | null]>([
    ['no package', state(), 1, 'Please select both a package and tree size'],
    ['no size', state({ packageSlug: 'elevated-arbor' }), 1, 'Please select both a package and tree size'],
    ['package and size', elevated, 1, null],
    ['no install slot', { ...elevated, installDate: '2026-11-24' }, 4, 'Please select installation date and time slot'],
    ['no removal for an included package', { ...elevated, installDate: '2026-11-24', installTimeSlot: '9-15' }, 4, 'Please select removal date and time slot'],
    ['adorned without removal', { ...adorned, installDate: '2026-11-24', installTimeSlot: '9-12' }, 4, null],
    ['all set', { ...elevated, installDate: '2026-11-24', installTimeSlot: '9-15', removalDate: '2026-12-28', removalTimeSlot: '9-15' }, 4, null],
  ])('%s', (_n, s, step, message) => {
    expect(missingInformation(s, step)).toBe(message);
  });
});

describe('booking request', () => {
  it('sends the choices and no removal when it does not apply', () => {
    const s = { ...adorned, installDate: '2026-11-24', installTimeSlot: '9-12', removalDate: '2026-12-28', removalTimeSlot: '9-12', addons: { 'gift-wrap': 1 } };
    const r = toBookingRequest(s, { totalCents: 1, depositCents: 1, travelFeeCents: 0, ornamentOwnershipCents: 0 });
    expect(r).toMatchObject({ packageType: 'adorned-arrangement', treeSize: '5-7ft', removalDate: null, removalTimeSlot: null, selectedAddons: ['gift-wrap'] });
  });

  // The server reads an absent flag from the removal fields (domain/booking/schemas.ts); the wizard
  // always says what the customer ticked, so its bookings never depend on that reading.
  it.each<[string, WizardState, boolean]>([
    ['removal declined', adorned, false],
    ['removal ticked', setRemovalRequested(adorned, true), true],
    ['keep-ornaments turns the tick off', setKeepOrnaments(elevated, true), false],
  ])('always sends the removal flag explicitly: %s', (_n, s, flag) => {
    const r = toBookingRequest({ ...s, installDate: '2026-11-24', installTimeSlot: '9-12' }, { totalCents: 1, depositCents: 1, travelFeeCents: 0, ornamentOwnershipCents: 0 });
    expect(r.removalService).toBe(flag);
  });
});

describe("a returning customer's prefill ('Book again', the renewal link)", () => {
  const prefill = {
    name: 'Wren Hale',
    email: 'wren@example.com',
    phone: '410-555-0101',
    address: '12 Elm St, Baltimore, MD 21201',
    packageSlug: null,
    treeSize: '7.5-9ft' as const,
    addons: { stockings: 2 },
    luxeFinish: true,
    removalRequested: true,
    extraTree: false,
    keepOrnaments: false,
  };

  it("sets the contact and choices, keeping the wizard's package when the prefill has none", () => {
    const s = withPrefill({ ...adorned, addons: { 'gift-wrap': 1 } }, prefill);
    expect(s.contact).toMatchObject({ name: 'Wren Hale', email: 'wren@example.com', phone: '410-555-0101', address: '12 Elm St, Baltimore, MD 21201' });
    expect([s.packageSlug, s.treeSize, s.luxeFinish, s.removalRequested]).toEqual(['adorned-arrangement', '7.5-9ft', true, true]);
    expect(s.addons).toEqual({ 'gift-wrap': 1, stockings: 2 });
  });
});
