/**
 * A page the browser shows again from its back/forward cache (Back from Stripe's Checkout page)
 * comes back exactly as it was left, with no new render: a button left saying 'Opening the
 * payment…' would stay so and stay disabled. Its `pageshow` event, with `persisted`, is the one
 * sign of that return.
 */
import { useEffect, useRef } from 'react';

/**
 * Calls `run` each time `target` (the window) fires `pageshow` for a page restored from the
 * back/forward cache (`event.persisted`), never for a page's first show; the returned function
 * stops listening.
 */
export function onReturnFromCache(run: () => void, target: EventTarget = window): () => void {
  const listener = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) run();
  };
  target.addEventListener('pageshow', listener);
  return () => target.removeEventListener('pageshow', listener);
}

/** onReturnFromCache for a component while it is mounted: `run` (its latest) resets what the page left busy. */
export function useOnReturnFromCache(run: () => void): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => onReturnFromCache(() => latest.current()), []);
}
