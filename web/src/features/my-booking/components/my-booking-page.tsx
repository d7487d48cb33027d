import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useManageLinkLoad } from '@/lib/use-manage-link-load';
import { onDemand } from '@/lib/on-demand';
import { paths } from '@/lib/paths';
import { fetchMyBooking } from '../api/my-booking';
import '../my-booking.css';
import { BookingStatus } from '@domain/booking/lifecycle';
import type { Done, Editing } from './booking-details';

/**
 * The booking as shown once it has come, with its actions (the policies' deadlines, moving,
 * adding a removal, paying, cancelling): a chunk of its own, whose loading starts as this module
 * loads, beside the booking's own request (docs/architecture.md "What a page loads"). The
 * prerendered page is the loading state, which needs none of it.
 */
const details = onDemand(() => import('./booking-details'));
// A failure here is shown when the booking has come and the details render, which try once more.
details.load().catch(() => undefined);
const BookingDetails = lazy(() => details.load().then((m) => ({ default: m.BookingDetails })));

/** Under a missing or dead link: the way to have it e-mailed again. */
function AskForLink() {
  return (
    <p>
      <a className="button" href={paths.myBookingLink}>
        E-mail me my link
      </a>
    </p>
  );
}

/**
 * /my-booking?token=… (docs/decisions/027): the customer's own booking from the manage link in
 * their e-mails: what was booked, the visits with their arrival windows, what is paid and due,
 * the policies, and, while the rules allow, moving a visit or cancelling with the deposit
 * refunded. The server decides what is allowed; the page shows its answer and its deadlines.
 */
export function MyBookingPage({ token }: { token: string | null }) {
  const { shown, setValue, retry } = useManageLinkLoad(token, fetchMyBooking);
  const [moving, setMoving] = useState<Editing>(null);
  const [done, setDone] = useState<Done>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  return (
    <div className="container page my-booking">
      <h1>Your booking</h1>
      {/* In the prerendered shell too: the page's first content, and its largest, is there at once. */}
      <p className="lead">
        Everything about your booking in one place: what we will bring, when we arrive, what is paid and what is due. While our policies allow, you can move a visit, add a removal, pay your balance or
        cancel right here; for anything else, call us.
      </p>
      {shown.state === 'loading' && <p role="status">Loading your booking…</p>}
      {shown.state === 'invalid' && (
        <div className="card my-booking__notice" role="alert">
          <p>{shown.message}</p>
          <AskForLink />
        </div>
      )}
      {shown.state === 'error' && (
        <div className="card my-booking__notice" role="alert">
          <p>{shown.message}</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {shown.state === 'ready' && (
        <Suspense fallback={<p role="status">Loading your booking…</p>}>
          <BookingDetails
            booking={shown.value}
            token={token!}
            done={done}
            resultRef={resultRef}
            moving={moving}
            setMoving={setMoving}
            onMoved={(booking, what) => {
              setValue(booking);
              setMoving(null);
              setDone(what === 'removal-added' ? { kind: 'removal-added' } : { kind: 'moved', what });
            }}
            onPaid={() => {
              setValue({ ...shown.value, paidCents: shown.value.totalCents, balanceCents: 0, options: { ...shown.value.options, payBalance: false, cancel: false } });
              setDone({ kind: 'paid' });
            }}
            onCancelled={(refunded) => {
              setValue({ ...shown.value, status: BookingStatus.Cancelled, balanceCents: 0 });
              setDone({ kind: 'cancel-made', refunded });
              // The server's view then lists each refund with its state (what was paid stays shown meanwhile).
              if (token)
                fetchMyBooking(token).then(
                  (fresh) => setValue(fresh),
                  () => undefined,
                );
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
