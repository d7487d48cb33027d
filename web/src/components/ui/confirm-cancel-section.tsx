import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MyBookingError } from '@/lib/manage-link-fetch';

interface ConfirmCancelSectionProps {
  /** The section's class ('card my-booking__section'). */
  className: string;
  title: string;
  /** What the page says before the button (the policy's sentence), if anything. */
  notice?: ReactNode;
  /** The button that asks first, e.g. 'Cancel the booking'. */
  askLabel: string;
  /** The question shown once asked. */
  question: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  /** Sends the cancel; a MyBookingError's sentence is shown, any other failure a generic one. */
  onConfirm: () => Promise<void>;
}

/**
 * A manage page's cancel section (/my-booking, /my-consultation): a button that asks first, the
 * question with its confirm (focused, so a keyboard user lands on it) and keep buttons, busy
 * while the request runs, and the server's sentence when it refuses.
 */
export function ConfirmCancelSection({ className, title, notice, askLabel, question, confirmLabel, keepLabel, onConfirm }: ConfirmCancelSectionProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  async function cancel() {
    setBusy(true);
    setProblem('');
    try {
      await onConfirm();
    } catch (err) {
      setProblem(err instanceof MyBookingError ? err.message : 'Something went wrong. Please try again, or call us.');
      setBusy(false);
    }
  }

  return (
    <section className={className} aria-labelledby="cancel-title">
      <h2 id="cancel-title">{title}</h2>
      {notice}
      {!asking ? (
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {askLabel}
        </button>
      ) : (
        <div role="group" aria-label="Confirm the cancellation">
          <p>{question}</p>
          <div className="button-row button-row--start">
            <button type="button" ref={confirmRef} className="button button--danger" onClick={cancel} disabled={busy}>
              {busy ? 'Cancelling…' : confirmLabel}
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)} disabled={busy}>
              {keepLabel}
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
