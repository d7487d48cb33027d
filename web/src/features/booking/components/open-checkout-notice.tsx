import { useEffect, useState } from 'react';
import { logWarning } from '@/lib/log';
import { fetchCheckoutState } from '../api/get-checkout-state';
import { useWizard } from '../store';

type Shown = 'checking' | 'open' | 'paid' | null;

/**
 * What the wizard says about the checkout it opened last (wizard-state.ts `openCheckout`),
 * asked of the server whenever the wizard opens: paid → the wizard has started fresh and says
 * the booking is confirmed; still open → 'Continue to payment' for that same hold, or 'Start
 * over'; closed unpaid → nothing (the choices stay, ready to pay again). Never a second payment
 * for the customer's own slot.
 */
export function OpenCheckoutNotice() {
  const openCheckout = useWizard((s) => s.openCheckout);
  const apply = useWizard((s) => s.apply);
  const reset = useWizard((s) => s.reset);
  const [shown, setShown] = useState<Shown>(null);
  const sessionId = openCheckout?.sessionId;

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    setShown('checking');
    fetchCheckoutState(sessionId).then(
      (state) => {
        if (!live) return;
        if (state === 'paid') {
          reset();
          setShown('paid');
        } else if (state === 'open') {
          setShown('open');
        } else {
          apply((st) => (st.openCheckout?.sessionId === sessionId ? { ...st, openCheckout: null } : st));
          setShown(null);
        }
      },
      (err) => {
        logWarning('The open checkout could not be checked', err);
        // Offering it again is harmless: a paid checkout page says so itself.
        if (live) setShown('open');
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId, apply, reset]);

  if (shown === 'paid') {
    return (
      <div className="card checkout-notice" role="status">
        <p className="checkout-notice__title">Your booking is confirmed</p>
        <p>Your deposit is paid and the confirmation is in your e-mail. The form below starts a new booking.</p>
      </div>
    );
  }
  if (shown === 'open' && openCheckout) {
    return (
      <div className="card checkout-notice" role="region" aria-label="Payment in progress">
        <p className="checkout-notice__title">Your payment is still open</p>
        <p>Your dates are held while the payment page is open. Continue to payment to finish this booking, or start over to choose again.</p>
        <div className="button-row button-row--start">
          <a className="button button--primary" href={openCheckout.url}>
            Continue to payment
          </a>
          <button
            type="button"
            className="button"
            onClick={() => {
              reset();
              setShown(null);
            }}
          >
            Start over
          </button>
        </div>
      </div>
    );
  }
  if (shown === 'checking')
    return (
      <p className="visually-hidden" role="status">
        Checking your last payment…
      </p>
    );
  return null;
}
