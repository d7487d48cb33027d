import { describe, expect, it } from 'vitest';
import type { RenewalPrefill } from '@domain/customers/renewals';
import { wizardWithRenewal } from './renewal-prefill';
import { initialWizardState } from './wizard-state';

const PREFILL: RenewalPrefill = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '(410) 555-0142',
  address: '7 Holly Court, Columbia, MD 21044',
  packageSlug: 'elevated-arbor',
  treeSize: '7.5-9ft',
  addons: { stockings: 3 },
  luxeFinish: false,
  removalRequested: false,
  extraTree: false,
  keepOrnaments: false,
  installDate: '2027-11-23',
  installSlot: '9-15',
  removalDate: '2027-12-27',
  removalSlot: '9-15',
  season: 2027,
  earlyBird: null,
};

describe('wizardWithRenewal', () => {
  it.each([
    ['both slots free: the checkout step', { install: '9-15', removal: '9-15' }, PREFILL, 5],
    ['a slot taken: the dates step, that slot cleared', { install: null, removal: '9-15' }, PREFILL, 4],
    ['no removal proposed: the install is enough', { install: '9-15', removal: null }, { ...PREFILL, removalDate: '', removalSlot: '' }, 5],
    ['no package known: the first step', { install: '9-15', removal: '9-15' }, { ...PREFILL, packageSlug: null }, 1],
  ] as const)('%s', (_name, free, p, step) => {
    const s = wizardWithRenewal(initialWizardState, p, free);
    expect(s.step).toBe(step);
    expect(s.installTimeSlot).toBe(free.install);
    expect(s.contact).toMatchObject({ name: 'Ann Lee', email: 'ann@example.com', address: PREFILL.address });
    expect(s.addons).toEqual({ stockings: 3 });
  });
});
