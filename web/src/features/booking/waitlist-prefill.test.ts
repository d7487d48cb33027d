import { describe, expect, it } from 'vitest';
import { initialWizardState, type WizardState } from './wizard-state';
import { firstStepToFinish, heldSlotOn, waitlistChoicesOf, waitlistOfferToken, wizardFromOffer, type OfferForWizard } from './waitlist-prefill';

const offer: OfferForWizard = {
  date: '2026-12-12',
  kind: 'install',
  slot: { id: '9-12' },
  size: '5-7ft',
  choices: {
    package: 'curated-christmas',
    size: '5-7ft',
    addons: [
      { id: 'ornament-boost', quantity: 2 },
      { id: 'gone-addon', quantity: 1 },
    ],
    luxe: false,
    removal: false,
    extraTree: false,
    keepOrnaments: false,
  },
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '555-0100',
};

describe('the wizard and the waitlist', () => {
  it('keeps the choices before the contact step with the entry', () => {
    const s: WizardState = { ...initialWizardState, packageSlug: 'elevated-arbor', treeSize: '7.5-9ft', addons: { 'ornament-boost': 3 }, luxeFinish: true };
    expect(waitlistChoicesOf(s)).toEqual({
      package: 'elevated-arbor',
      size: '7.5-9ft',
      addons: [{ id: 'ornament-boost', quantity: 3 }],
      luxe: true,
      removal: false,
      extraTree: false,
      keepOrnaments: false,
      luxeKeepOrnaments: 0,
    });
  });

  it("fills the wizard from an offer's choices, contact and held time, dropping unknown add-ons", () => {
    const s = wizardFromOffer(offer, 'tok');
    expect(s.packageSlug).toBe('curated-christmas');
    expect(s.treeSize).toBe('5-7ft');
    expect(s.addons).toEqual({ 'ornament-boost': 2 });
    expect([s.installDate, s.installTimeSlot]).toEqual(['2026-12-12', '9-12']);
    expect(s.contact).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', phone: '555-0100', address: '' });
    expect(s.waitlistOffer).toEqual({ token: 'tok', date: '2026-12-12', kind: 'install', timeSlot: '9-12', size: '5-7ft' });
    // Curated Christmas includes the removal: its date is still to choose, on the schedule step.
    expect(s.step).toBe(4);
  });

  it('opens on the schedule for the address, and on the last step when nothing is missing', () => {
    const s = wizardFromOffer({ ...offer, choices: { ...offer.choices, package: 'adorned-arrangement' } }, 'tok');
    expect(s.step).toBe(4);
    expect(firstStepToFinish({ ...s, contact: { ...s.contact, address: '12 Holly Court, Ellicott City, MD 21043' } })).toBe(5);
    expect(firstStepToFinish(initialWizardState)).toBe(1);
  });

  it('sends the token only while the wizard asks for the held time', () => {
    const s = wizardFromOffer({ ...offer, choices: { ...offer.choices, package: 'adorned-arrangement' } }, 'tok');
    expect(waitlistOfferToken(s)).toBe('tok');
    expect(waitlistOfferToken({ ...s, installTimeSlot: '12-15' })).toBeUndefined();
    expect(waitlistOfferToken({ ...s, treeSize: '10-12ft' })).toBeUndefined();
    expect(waitlistOfferToken(initialWizardState)).toBeUndefined();
    expect(heldSlotOn(s, 'install', '2026-12-12')).toBe('9-12');
    expect(heldSlotOn(s, 'install', '2026-12-13')).toBeNull();
    expect(heldSlotOn(s, 'removal', '2026-12-12')).toBeNull();
  });

  it('a removal offer sets the removal visit and asks for the installation', () => {
    const s = wizardFromOffer({ ...offer, kind: 'removal', date: '2027-01-04' }, 'tok');
    expect([s.removalDate, s.removalTimeSlot, s.installDate]).toEqual(['2027-01-04', '9-12', null]);
    expect(s.step).toBe(4);
  });
});
