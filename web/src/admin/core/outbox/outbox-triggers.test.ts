import { describe, expect, it } from 'vitest';
import { startOutboxTriggers } from './outbox-triggers';

function sources() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let reconnect: (() => void) | null = null;
  let signIn: (() => void) | null = null;
  return {
    win,
    doc,
    fireReconnect: () => reconnect?.(),
    fireSignIn: () => signIn?.(),
    src: {
      window: win,
      document: doc,
      onReconnect: (cb: () => void) => {
        reconnect = cb;
        return () => (reconnect = null);
      },
      onSignIn: (cb: () => void) => {
        signIn = cb;
        return () => (signIn = null);
      },
    },
  };
}

describe('startOutboxTriggers', () => {
  it('flushes on start, online, becoming visible and realtime reconnect; a sign-in resumes; stop ends it all', () => {
    const calls: string[] = [];
    const outbox = { flush: async (force?: boolean) => void calls.push(`flush:${force}`), resume: async () => void calls.push('resume') };
    const s = sources();
    const stop = startOutboxTriggers(outbox, s.src);
    expect(calls).toEqual(['flush:true']);

    s.win.dispatchEvent(new Event('online'));
    s.doc.visibilityState = 'hidden';
    s.doc.dispatchEvent(new Event('visibilitychange'));
    s.doc.visibilityState = 'visible';
    s.doc.dispatchEvent(new Event('visibilitychange'));
    s.fireReconnect();
    s.fireSignIn();
    expect(calls).toEqual(['flush:true', 'flush:true', 'flush:true', 'flush:true', 'resume']);

    stop();
    s.win.dispatchEvent(new Event('online'));
    s.doc.dispatchEvent(new Event('visibilitychange'));
    s.fireReconnect();
    s.fireSignIn();
    expect(calls).toHaveLength(5);
  });
});
