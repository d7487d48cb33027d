/**
 * The wizard's store for what paints /booking's first step (booking-wizard.tsx,
 * step-package.tsx) without zustand and its persistence in the page's first script
 * (docs/architecture.md "What a page loads"): store.ts loads beside hydration, started as this
 * module loads in the browser. Until it has come, the state is a stand-in that starts as the
 * prerendered first step (initialWizardState); what the customer chooses meanwhile shows at once
 * and is kept, and is applied in order to the store once it has come (over what this tab had
 * stored), so a tap on a slow phone is never lost. While a prerendered page hydrates, the
 * state is the prerendered one (useSyncExternalStore's server snapshot), so hydration matches
 * even when this tab stored a later step; the stored step shows right after.
 */
import { useSyncExternalStore } from 'react';
import { onDemand } from '@/lib/on-demand';
import { logError } from '@/lib/log';
import { initialWizardState, type WizardState } from './wizard-state';
import type { WizardStore } from './store';

type Transition = (s: WizardState) => WizardState;
type StoreApi = { getState: () => WizardStore; subscribe: (listener: () => void) => () => void };

const storeModule = onDemand(() => import('./store'));
/** The transitions made before the store came ('reset' for a reset), to apply to it in order. */
const waiting: (Transition | 'reset')[] = [];
const listeners = new Set<() => void>();
let store: StoreApi | null = null;

const notify = () => listeners.forEach((listener) => listener());

/** A change before the store has come: shown at once, kept for the store. */
function applyToStandIn(fn: Transition): void {
  if (store) return store.getState().apply(fn);
  waiting.push(fn);
  standIn = { ...fn(standIn), apply: applyToStandIn, reset: resetStandIn, wizardId: '' };
  notify();
  retryLoad();
}

/** A reset before the store has come: the stand-in starts again, and so will the store. */
function resetStandIn(): void {
  if (store) return store.getState().reset();
  waiting.push('reset');
  standIn = { ...standIn, ...initialWizardState };
  notify();
  retryLoad();
}

/** The state as prerendered: the first step, nothing chosen. */
const PRERENDERED: WizardStore = { ...initialWizardState, wizardId: '', apply: applyToStandIn, reset: resetStandIn };

/**
 * The state shown until the store has come, with the customer's choices so far: the prerendered
 * state itself until the first change, so the render after hydration is no new one.
 */
let standIn: WizardStore = PRERENDERED;

/** Loads store.ts (once; again after a failure) and applies the waiting transitions to it. */
export function loadWizardStore(): Promise<void> {
  return storeModule.load().then(({ useWizard }) => {
    if (store) return;
    for (const change of waiting.splice(0)) {
      if (change === 'reset') useWizard.getState().reset();
      else useWizard.getState().apply(change);
    }
    store = useWizard;
    useWizard.subscribe(notify);
    notify();
  });
}

/** Starts loadWizardStore, or waits for the load under way; a failure is logged and the next change tries again. */
function retryLoad(): void {
  loadWizardStore().catch((error: unknown) => logError('The booking wizard could not be loaded', error));
}

// In the browser only, never in the prerender (Vite's SSR build of entry-server.tsx).
if (!import.meta.env.SSR) retryLoad();

/** The store's state now, or the stand-in's until it has come. */
export function wizardNow(): WizardStore {
  return store ? store.getState() : standIn;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The wizard's state and its `apply` and `reset`, as store.ts's useWizard() gives them (the stand-in's until the store has come). */
export function useFirstStepWizard(): WizardStore {
  return useSyncExternalStore(subscribe, wizardNow, () => PRERENDERED);
}
