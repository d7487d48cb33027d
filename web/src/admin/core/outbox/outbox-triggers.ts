/**
 * When the outbox flushes (docs/architecture.md "Admin data and sync" Outbox; docs/decisions/016 "flushed … on
 * start, `online`, visibility change, realtime reconnect and a backoff timer"): this wires the
 * page's events to an Outbox. The backoff timer is the outbox's own. A sign-in lifts a 401
 * pause. Each trigger sends at once, even an entry waiting out its backoff: the connection has
 * just come back, or the admin is looking.
 */
import type { Outbox } from './outbox';

type Off = () => void;

export interface TriggerSources {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  /** Calls back on every realtime reconnect (PocketBase does not replay what was missed). */
  onReconnect?: (callback: () => void) => Off;
  /** Calls back when an admin signs in (a usable session again). */
  onSignIn?: (callback: () => void) => Off;
}

/** Flushes now and on every trigger; returns the function that stops listening. */
export function startOutboxTriggers(outbox: Pick<Outbox, 'flush' | 'resume'>, src: TriggerSources): Off {
  const flush = () => void outbox.flush(true);
  const onVisible = () => {
    if (src.document.visibilityState === 'visible') flush();
  };
  src.window.addEventListener('online', flush);
  src.document.addEventListener('visibilitychange', onVisible);
  const offs: Off[] = [() => src.window.removeEventListener('online', flush), () => src.document.removeEventListener('visibilitychange', onVisible)];
  if (src.onReconnect) offs.push(src.onReconnect(flush));
  if (src.onSignIn) offs.push(src.onSignIn(() => void outbox.resume()));
  flush();
  return () => offs.forEach((off) => off());
}
