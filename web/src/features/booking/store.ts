/**
 * The wizard's store: zustand over the pure transitions of wizard-state.ts, persisted to
 * sessionStorage so a reload or a cancelled payment loses nothing (docs/architecture.md "Shape").
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { randomId } from '@/lib/request-attempt';
import { initialWizardState, type WizardState } from './wizard-state';

/** The wizard's state with its session id and the means to change it (useWizard). */
export interface WizardStore extends WizardState {
  /**
   * This wizard's id for the browser session, sent with each checkout so a newer checkout
   * replaces this wizard's earlier unpaid hold instead of stacking (docs/decisions/010).
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
      version: 2,
      storage: createJSONStorage(() => sessionStorage),
      // Version 1 named the slots installSlot and removalSlot; they now carry the request's and
      // the record's name (docs/architecture.md "One booking, one vocabulary").
      migrate: (persisted, version) => {
        const state = (persisted ?? {}) as Record<string, unknown>;
        if (version < 2) {
          const { installSlot, removalSlot, ...rest } = state;
          return { ...rest, installTimeSlot: installSlot ?? null, removalTimeSlot: removalSlot ?? null };
        }
        return state;
      },
      partialize: ({ apply: _a, reset: _r, ...state }) => state,
    },
  ),
);
