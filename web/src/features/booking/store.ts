/**
 * The wizard's store: zustand over the pure transitions of wizard-state.ts, persisted to
 * sessionStorage so a reload or a cancelled payment loses nothing (DESIGN.md "packages").
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { randomId } from './checkout-attempt';
import { initialWizardState, type WizardState } from './wizard-state';

interface WizardStore extends WizardState {
  /**
   * This wizard's id for the browser session, sent with each checkout so a newer checkout
   * replaces this wizard's earlier unpaid hold instead of stacking (issue 8 item 4).
   */
  wizardId: string;
  /** Applies a pure transition to the state. */
  apply: (fn: (s: WizardState) => WizardState) => void;
  reset: () => void;
}

export const useWizard = create<WizardStore>()(
  persist(
    (set) => ({
      ...initialWizardState,
      wizardId: randomId('wizard_'),
      apply: (fn) => set((store) => fn(store)),
      reset: () => set({ ...initialWizardState }), // keeps wizardId
    }),
    {
      name: 'booking-wizard',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ apply: _a, reset: _r, ...state }) => state,
    },
  ),
);
