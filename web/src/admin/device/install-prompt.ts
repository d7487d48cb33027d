/**
 * "Install the app" in the admin (docs/decisions/016): the browser's own install prompt where it
 * offers one (Chromium's `beforeinstallprompt`, kept until the admin taps the button), and on
 * iPhone and iPad, where Safari has no such prompt, the "Add to Home Screen" hint. Nothing is
 * offered once the app runs installed.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let listening = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/**
 * Starts keeping the browser's install prompt (idempotent). Call before the admin's manifest is
 * linked: the event fires once the page becomes installable.
 */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    // Keep it for the admin's own button instead of the browser's mini-infobar.
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    markInstalled();
  });
}

/** localStorage key: the app was installed from this browser, or the owner said so (the first-run checklist). */
const INSTALLED_KEY = 'admin-app-installed';

/** Records that the app is installed (the browser's `appinstalled`, or the owner's 'I have installed it'). */
export function markInstalled(): void {
  try {
    localStorage.setItem(INSTALLED_KEY, '1');
  } catch {
    // Storage refused (private mode): the checklist asks again next time.
  }
  notify();
}

/** Whether the app is installed: running installed now, or marked installed from this browser. */
export function appInstalled(): boolean {
  if (runsInstalled()) return true;
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(INSTALLED_KEY) === '1';
  } catch {
    return false;
  }
}

/** True when the page runs as the installed app (home-screen icon). */
export function runsInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * True on iPhone and iPad (including iPadOS, which reports a Mac with touch), where installing
 * is Safari's Share → "Add to Home Screen". `ua`, `touchPoints` for tests.
 */
export function isAppleMobile(ua = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
}

export type InstallOffer = 'prompt' | 'ios_hint' | 'none';

/** What the admin can be offered now (see the module comment). */
export function installOffer(): InstallOffer {
  if (runsInstalled()) return 'none';
  if (deferred) return 'prompt';
  return typeof navigator !== 'undefined' && isAppleMobile() ? 'ios_hint' : 'none';
}

/** Shows the browser's install prompt; resolves true when the admin accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The current offer, re-rendered when the browser makes or withdraws one. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, installOffer, () => 'none');
}

/** appInstalled(), re-rendered when it changes. */
export function useAppInstalled(): boolean {
  return useSyncExternalStore(subscribe, appInstalled, () => false);
}
