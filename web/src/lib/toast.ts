/**
 * The public pages' toasts, with sonner (about 9 kB gzipped) loaded when the first toast is
 * raised rather than in the page's first script: a page that never raises one never loads it
 * (docs/architecture.md "What a page loads"), and the Toaster mounts with the first toast: sonner
 * keeps toasts raised before its Toaster mounts (web/src/components/layout/site-layout.tsx), and the calls run in the order they were
 * made, so `dismiss` then `error` under one id still leaves the new toast. The admin imports
 * sonner directly: its screens load it anyway.
 */
import { useSyncExternalStore } from 'react';
import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { logError } from './log';

let sonner: Promise<typeof SonnerToast> | null = null;
/** Whether a toast has been raised through this module in this page's life (then the Toaster mounts). */
let raised = false;
const listeners = new Set<() => void>();
const loaded = () => {
  if (!raised) {
    raised = true;
    listeners.forEach((l) => l());
  }
  return (sonner ??= import('sonner').then((m) => m.toast));
};

/**
 * True once the page has raised a toast (through `toast` below): the site layout mounts the
 * Toaster then, not on every page (it and sonner would compete with the page's own first work).
 */
export function useToastRaised(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => raised,
    () => false,
  );
}

/** Runs `show` once sonner has loaded; a chunk that fails to load is only logged (the page goes on). */
function later(show: (t: typeof SonnerToast) => void): void {
  loaded()
    .then(show)
    .catch((error: unknown) => {
      sonner = null; // a later toast tries again
      logError('The toasts could not be loaded', error);
    });
}

/** sonner's `toast.success`, `toast.error` and `toast.dismiss`, loading sonner on first use. Never throws. */
export const toast = {
  /** A success toast titled `message`; `data.description` is its sentence, `data.id` replaces a toast of that id. */
  success: (message: string, data?: ExternalToast): void => later((t) => void t.success(message, data)),
  /** An error toast titled `message`, as `success`. */
  error: (message: string, data?: ExternalToast): void => later((t) => void t.error(message, data)),
  /** Takes away the toast of id `id` (nothing when sonner is not loaded yet: no toast is shown then). */
  dismiss: (id: string | number): void => {
    if (sonner) later((t) => void t.dismiss(id));
  },
};
