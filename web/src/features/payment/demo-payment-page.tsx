import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { formatCents } from '@domain/money/cents';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/pb';
import { cancelDemoSession, fetchDemoSession, payDemoSession, type DemoSession } from './api/demo-checkout';
import { BookingDetails } from './booking-details';
import './payment.css';

/**
 * The demo checkout page (docs/architecture.md reading 6): clearly marked, Pay confirms the deposit the
 * way a paid Stripe Checkout Session would, Cancel releases the hold.
 */
export function DemoPaymentPage({ sessionId }: { sessionId: string | null }) {
  const [session, setSession] = useState<DemoSession | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!sessionId) return;
    fetchDemoSession(sessionId).then(setSession, (err) => setLoadError(errorMessage(err, 'This payment session could not be loaded.')));
  }, [sessionId]);

  async function act(action: (id: string) => Promise<{ url: string }>) {
    if (!sessionId) return;
    setBusy(true);
    try {
      const { url } = await action(sessionId);
      window.location.assign(url);
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'The payment could not be completed. Please try again.') });
      setBusy(false);
    }
  }

  return (
    <div className="container page payment-page">
      <p className="demo-banner" role="note">
        <strong>Demo payment – no card is charged</strong>
      </p>
      <h1>Pay your deposit</h1>
      {!sessionId ? (
        <p>
          No payment session found. <Link to={paths.booking}>Return to booking</Link>
        </p>
      ) : loadError ? (
        <p role="alert">
          {loadError} <Link to={paths.booking}>Return to booking</Link>
        </p>
      ) : !session ? (
        <p role="status">Loading your booking…</p>
      ) : session.state !== 'open' || !session.booking ? (
        <p role="alert">
          {session.state === 'paid' ? 'This deposit has already been paid.' : 'This checkout session has expired and no card was charged.'}{' '}
          <Link to={session.state === 'paid' ? `${paths.bookingSuccess}?session_id=${encodeURIComponent(session.sessionId)}` : paths.booking}>Continue</Link>
        </p>
      ) : (
        <>
          <p className="lead">You are paying the 50% deposit for your booking.</p>
          <BookingDetails booking={session.booking} />
          <div className="button-row payment-actions">
            <button type="button" className="button button--primary button--large" disabled={busy} onClick={() => void act(payDemoSession)}>
              Pay {formatCents(session.booking.depositCents)}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void act(cancelDemoSession)}>
              Cancel
            </button>
          </div>
        </>
      )}
    </div>
  );
}
