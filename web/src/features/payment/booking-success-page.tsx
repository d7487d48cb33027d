import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { BUSINESS } from '@domain/business';
import { paths } from '@/lib/paths';
import { calendarLinkOf, manageLinkOf, verifyBookingPayment, type BookingSummary } from './api/verify-payment';
import { BookingDetails } from './booking-details';
import './payment.css';
import { logError } from '@/lib/log';

type State = { kind: 'verifying' } | { kind: 'verified'; booking: BookingSummary | null; manageToken: string } | { kind: 'failed'; refunded?: boolean };

/**
 * /booking-success (docs/product.md §2, §4 Payment result): verifying, then confirmed (with
 * 'Manage my booking', the booking's stable manage link, and 'Add to calendar', its visits'
 * .ics; docs/decisions/051) or failed. Without a session id it says so and returns home.
 */
export function BookingSuccessPage({ sessionId, onConfirmed }: { sessionId: string | null; onConfirmed?: (sessionId: string) => void }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'verifying' });

  useEffect(() => {
    if (!sessionId) {
      const t = setTimeout(() => navigate(paths.home), 3000);
      return () => clearTimeout(t);
    }
    let live = true;
    verifyBookingPayment(sessionId).then(
      (res) => {
        if (!live) return;
        if (res.success) {
          setState({ kind: 'verified', booking: res.booking ?? null, manageToken: res.manageToken ?? '' });
          onConfirmed?.(sessionId);
        } else {
          setState({ kind: 'failed', refunded: !!res.conflict });
          toast.error('Error', { description: 'Payment verification failed' });
        }
      },
      (err) => {
        logError('Failed to verify payment', err);
        if (!live) return;
        setState({ kind: 'failed' });
        toast.error('Error', { description: 'Failed to verify payment' });
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId, navigate, onConfirmed]);

  if (!sessionId) {
    return (
      <div className="container page page--center">
        <h1>No payment session found</h1>
        <p className="lead">Taking you back to the home page…</p>
        <Link to={paths.home} className="button button--primary">
          Return to Home
        </Link>
      </div>
    );
  }
  if (state.kind === 'verifying') {
    return (
      <div className="container page page--center" role="status">
        <h1>Verifying Your Payment</h1>
        <p className="lead">Please wait while we confirm your deposit.</p>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="container page page--center">
        <h1>Payment Verification Failed</h1>
        {state.refunded && (
          <p className="lead">
            Your payment arrived after that time had been booked by someone else, so your booking was not confirmed and your deposit has been refunded in full.{' '}
            <Link to={paths.booking}>Choose another time</Link>.
          </p>
        )}
        <p className="lead">
          {state.refunded ? 'Questions?' : 'We could not confirm your payment.'} Please contact us at <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or{' '}
          <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phone}</a> and we will sort it out.
        </p>
        <Link to={paths.home} className="button">
          Return to Home
        </Link>
      </div>
    );
  }
  return (
    <div className="container page page--center payment-page">
      <h1>Booking Confirmed!</h1>
      <p className="lead">Thank you! Your deposit has been received and a confirmation e-mail is on its way.</p>
      {state.booking && <BookingDetails booking={state.booking} />}
      {state.manageToken ? (
        <>
          <div className="button-row payment-actions">
            <Link to={manageLinkOf(state.manageToken)} className="button button--primary">
              Manage my booking
            </Link>
            <a href={calendarLinkOf(state.manageToken)} className="button" download="visits.ics">
              Add to calendar
            </a>
          </div>
          <p>The confirmation e-mail has the same link, to see, move or cancel your booking later.</p>
          <Link to={paths.home}>Return to Home</Link>
        </>
      ) : (
        <>
          <p>
            The e-mail has the link to see and manage your booking. No e-mail? <Link to={paths.myBookingLink}>E-mail me my link</Link>.
          </p>
          <Link to={paths.home} className="button button--primary">
            Return to Home
          </Link>
        </>
      )}
    </div>
  );
}
