import { useEffect, useState } from 'react';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { formatCents } from '@domain/money/cents';
import { formatLongDate } from '@domain/schedule/calendar';
import { formatSlotRange } from '@domain/schedule/slots';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/pb';
import { cancelDemoSession, fetchDemoSession, payDemoSession, type DemoCharge, type DemoSession } from './api/demo-checkout';
import { DemoSessionState } from '@domain/commands/demo-session-state';
import { BookingDetails } from './booking-details';
import './payment.css';

/**
 * The demo checkout page (docs/architecture.md reading 6): clearly marked, Pay confirms the deposit the
 * way a paid Stripe Checkout Session would, Cancel releases the hold. A customer's payment link
 * from the manage page (the balance, an added removal) opens here too in demo mode: Pay settles
 * it with its receipt e-mailed, Cancel closes it with nothing charged (ChargePayment).
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
      <h1>{session?.state === DemoSessionState.Paid ? 'Payment received' : session?.charge ? 'Make your payment' : 'Pay your deposit'}</h1>
      {session?.charge ? (
        <ChargePayment charge={session.charge} state={session.state} busy={busy} onPay={() => void act(payDemoSession)} onCancel={() => void act(cancelDemoSession)} />
      ) : !sessionId ? (
        <p>
          No payment session found. <Link to={paths.booking}>Return to booking</Link>
        </p>
      ) : loadError ? (
        <p role="alert">
          {loadError} <Link to={paths.booking}>Return to booking</Link>
        </p>
      ) : !session ? (
        <p role="status">Loading your booking…</p>
      ) : session.state !== DemoSessionState.Open || !session.booking ? (
        <p role="alert">
          {session.state === DemoSessionState.Paid ? 'Your deposit is paid and your booking is confirmed.' : 'This checkout session has expired and no card was charged.'}{' '}
          <Link to={session.state === DemoSessionState.Paid ? `${paths.bookingSuccess}?session_id=${encodeURIComponent(session.sessionId)}` : paths.booking}>
            {session.state === DemoSessionState.Paid ? 'See your booking' : 'Continue'}
          </Link>
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

/**
 * A payment link's side of the page: what it is for and the amount, Pay and Cancel while it is
 * open; after Pay the page comes back paid (the receipt is e-mailed), after Cancel closed.
 */
function ChargePayment({ charge, state, busy, onPay, onCancel }: { charge: DemoCharge; state: DemoSession['state']; busy: boolean; onPay: () => void; onCancel: () => void }) {
  if (state === DemoSessionState.Paid) {
    return (
      <p role="status">
        Thank you: your payment of {formatCents(charge.amountCents)} ({charge.title}) is made. Your receipt is on its way by e-mail. <Link to={paths.home}>Continue</Link>
      </p>
    );
  }
  if (state !== DemoSessionState.Open) {
    return (
      <p role="alert">
        This payment page has closed and no card was charged. You can pay again from your booking&apos;s page, with the link in your e-mails. <Link to={paths.home}>Continue</Link>
      </p>
    );
  }
  const b = charge.booking;
  return (
    <>
      <p className="lead">You are paying for your booking: {charge.title}.</p>
      <dl className="review-list card payment-details">
        <div>
          <dt>For</dt>
          <dd>{charge.title}</dd>
        </div>
        {b && (
          <>
            <div>
              <dt>Package</dt>
              <dd>
                {b.packageTitle} · {b.treeSize}
              </dd>
            </div>
            <div>
              <dt>Installation</dt>
              <dd>
                {formatLongDate(b.installDate)}, {formatSlotRange(b.installTimeSlot)}
              </dd>
            </div>
            {b.removalDate && b.removalTimeSlot && (
              <div>
                <dt>Removal</dt>
                <dd>
                  {formatLongDate(b.removalDate)}, {formatSlotRange(b.removalTimeSlot)}
                </dd>
              </div>
            )}
          </>
        )}
        <div>
          <dt>Amount</dt>
          <dd data-testid="charge-amount">{formatCents(charge.amountCents)}</dd>
        </div>
      </dl>
      <div className="button-row payment-actions">
        <button type="button" className="button button--primary button--large" disabled={busy} onClick={onPay}>
          Pay {formatCents(charge.amountCents)}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
