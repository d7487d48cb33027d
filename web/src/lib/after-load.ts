/**
 * Waiting for the page to have loaded and the browser to be idle, for work no one is waiting
 * for: the service worker's registration, whose install downloads every precached file
 * (docs/decisions/016), would otherwise compete with a public page's first use on a slow phone
 * (docs/benchmarks.md `bench:screens`). Workbox's own advice is to register after `load`.
 */
import { useEffect, useState } from 'react';

/**
 * How long (ms) after `load` the wait for idle time starts: a page's lazy steps and data often
 * arrive after `load`, in short gaps an idle callback would take (bench:screens' renewal link
 * registered the worker between its chunks, before its form could be used).
 */
export const AFTER_LOAD_DELAY_MS = 2000;

/** At most this long (ms) after that delay before the callback runs even if the browser never idles. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `run` once the window has fired `load`, AFTER_LOAD_DELAY_MS have passed and the browser
 * is then idle (or IDLE_TIMEOUT_MS more have passed); the returned function cancels it.
 */
export function whenIdleAfterLoad(run: () => void): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    const delay = window.setTimeout(askIdle, AFTER_LOAD_DELAY_MS);
    cancelIdle = () => window.clearTimeout(delay);
  };
  const askIdle = () => {
    cancelIdle = whenIdle(run, IDLE_TIMEOUT_MS);
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancelIdle();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

/** At most this long (ms) before whenIdle's callback runs even if the browser never idles. */
export const SOON_IDLE_TIMEOUT_MS = 1000;

/**
 * Calls `run` once the browser is next idle (or `timeoutMs` have passed), for a part of the page
 * wanted soon but not before its first interaction (the consultation calendar's chunk, started
 * from an effect once the page has hydrated); the returned function cancels it.
 */
export function whenIdle(run: () => void, timeoutMs = SOON_IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

/** True once whenIdleAfterLoad has fired (at once when `now`: e.g. the admin, which needs its worker to work offline). */
export function useIdleAfterLoad(now = false): boolean {
  const [ready, setReady] = useState(now);
  useEffect(() => {
    if (ready) return;
    return whenIdleAfterLoad(() => setReady(true));
  }, [ready]);
  return ready || now;
}
