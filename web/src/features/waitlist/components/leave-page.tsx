import { useRef, useState } from 'react';
import { NO_LINK } from '@/lib/use-manage-link-load';
import { useHydrated } from '@/lib/hydration';
import { leaveWaitlist, WaitlistError } from '../api/waitlist';
import '../waitlist.css';

/**
 * `/waitlist/leave?token=…` (the waitlist contract, "UI"): the link of the joined e-mail. Nothing
 * happens on opening (mail scanners open links); the button leaves the list (POST
 * /api/fn/waitlist/leave, idempotent) and an open offer passes on to the next in line.
 */
export function LeavePage({ token }: { token: string | null }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(false);
  const [problem, setProblem] = useState('');
  const doneRef = useRef<HTMLParagraphElement>(null);

  async function leave() {
    if (!token) return;
    setBusy(true);
    setProblem('');
    try {
      await leaveWaitlist(token);
      setLeft(true);
      setTimeout(() => doneRef.current?.focus(), 0);
    } catch (err) {
      setProblem(err instanceof WaitlistError ? err.message : 'Something went wrong. Please try again, or call us.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page waitlist-page">
      <h1>Leave the waitlist</h1>
      {!token ? (
        <p role="alert">{NO_LINK}</p>
      ) : left ? (
        <p className="card" role="status" tabIndex={-1} ref={doneRef} data-testid="waitlist-left">
          You have left the waitlist. We will not e-mail you about this day again.
        </p>
      ) : (
        <div className="card">
          <p>If you no longer need a time on this day, leave the waitlist and we will offer it to the next person waiting.</p>
          {problem && (
            <p className="form-problem" role="alert">
              {problem}
            </p>
          )}
          <button type="button" className="button button--primary" disabled={busy || !hydrated} onClick={() => void leave()}>
            {busy ? 'Leaving…' : 'Leave the waitlist'}
          </button>
        </div>
      )}
    </div>
  );
}
