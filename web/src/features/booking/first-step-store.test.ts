import { afterAll, describe, expect, it, vi } from 'vitest';
import { choosePackage, chooseTreeSize, initialWizardState } from './wizard-state';

// store.ts (zustand and its persistence) arrives only when the test lets it: a slow phone's chunk.
let release = () => {};
const arrived = new Promise<void>((resolve) => (release = resolve));
vi.mock('./store', async (importOriginal) => {
  await arrived;
  return importOriginal();
});

/** This tab's sessionStorage, holding a wizard stored before the page was opened again. */
const stored = new Map([['booking-wizard', JSON.stringify({ state: { ...initialWizardState, contact: { ...initialWizardState.contact, name: 'Rita Stored' } }, version: 2 })]]);
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});
afterAll(() => vi.unstubAllGlobals());

describe('the first step’s wizard before its store has come (docs/architecture.md "What a page loads")', () => {
  it('shows the choices made at once and applies them, in order, to the store over what the tab stored', async () => {
    const { loadWizardStore, wizardNow } = await import('./first-step-store');
    expect(wizardNow()).toMatchObject({ step: 1, packageSlug: null, treeSize: null });
    wizardNow().apply((s) => choosePackage(s, 'elevated-arbor'));
    wizardNow().apply((s) => chooseTreeSize(s, '7.5-9ft'));
    expect(wizardNow()).toMatchObject({ packageSlug: 'elevated-arbor', treeSize: '7.5-9ft' });

    release();
    await loadWizardStore();
    const { useWizard } = await import('./store');
    expect(useWizard.getState()).toMatchObject({ packageSlug: 'elevated-arbor', treeSize: '7.5-9ft', contact: { name: 'Rita Stored' } });
    expect(wizardNow()).toBe(useWizard.getState());
    // From now on a change goes to the store, which keeps it for the tab.
    wizardNow().apply((s) => ({ ...s, step: 2 }));
    expect(useWizard.getState().step).toBe(2);
    expect(JSON.parse(stored.get('booking-wizard')!)).toMatchObject({ state: { step: 2, packageSlug: 'elevated-arbor' } });
  });
});
