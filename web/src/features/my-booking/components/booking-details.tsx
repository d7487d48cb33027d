import { lazy, Suspense, useRef, useState } from 'react';
import { formatLongDate } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import { deadlineText } from '@domain/booking/self-service';
import type { VisitKind } from '@domain/schedule/slots';
import { addRemoval, cancelMyBooking, MyBookingError, payBalanceOnline, visitFrom, type MyBookingView } from '../api/my-booking';
import { ConfirmCancelSection } from '@/components/ui/confirm-cancel-section';
import { attemptSettled, randomId } from '@/lib/request-attempt';
import { BookingStatus } from '@domain/booking/lifecycle';
import { RefundLineState } from '@domain/money/refund-line-state';
import { useOnReturnFromCache } from '@/lib/back-forward-cache';

// The move form carries the wizard's calendar (react-day-picker): loaded when a move starts,
// not in the page's first script (the /my-booking JavaScript budget, docs/benchmarks.md).
const MoveVisitForm = lazy(() => import('./move-visit-form').then((m) => ({ default: m.MoveVisitForm })));

/** A visit being moved, or the optional removal being added. */
export type Editing = VisitKind | 'add-removal' | null;

/** What the customer just did. The link keeps working after a change (docs/decisions/027); a cancelled booking is shown read-only. */
export type Done = { kind: 'moved'; what: string } | { kind: 'removal-added' } | { kind: 'cancel-made'; refunded: boolean } | { kind: 'paid' } | null;

interface DetailsProps {
  booking: MyBookingView;
  token: string;
  done: Done;
  resultRef: React.RefObject<HTMLDivElement | null>;
  moving: Editing;
  setMoving: (v: Editing) => void;
  onMoved: (b: MyBookingView, what: string) => void;
  onCancelled: (refunded: boolean) => void;
  onPaid: () => void;
}

/** How each refund stands, in the customer's words after its amount ("$825 · refunded"). */
const REFUND_STATE: Record<RefundLineState, string> = {
  [RefundLineState.Pending]: '· being refunded to your card',
  [RefundLineState.Refunded]: '· refunded',
  [RefundLineState.ToReturn]: '· to be given back in person',
};

/**
 * A customer's booking on /my-booking (docs/decisions/027) once it has come: what was booked,
 * the visits, what is paid and due with each refund's state, and the actions the server allows.
 * Loaded by my-booking-page.tsx beside the booking's request.
 */
export function BookingDetails({ booking: b, token, done, resultRef, moving, setMoving, onMoved, onCancelled, onPaid }: DetailsProps) {
  const cancelled = b.status === BookingStatus.Cancelled;
  const actionsOpen = !cancelled;
  return (
    <>
      <p className="my-booking__ref">
        Booking reference <strong>{b.reference}</strong> ·{' '}
        <span className={`pill ${cancelled ? 'pill--grey' : 'pill--green'}`}>{cancelled ? 'Cancelled' : b.status === BookingStatus.Completed ? 'Completed' : 'Confirmed'}</span>
      </p>
      {done && (
        <div className="card my-booking__notice my-booking__notice--done" role="status" tabIndex={-1} ref={resultRef}>
          {done.kind === 'paid' ? (
            <p>Thank you: your balance is paid. Your receipt is on its way by e-mail.</p>
          ) : done.kind === 'removal-added' ? (
            <p>Your removal is booked. We have e-mailed you the details with a new calendar file; your link stays the same.</p>
          ) : done.kind === 'moved' ? (
            <p>Your {done.what} has moved. We have e-mailed you the updated details with a new calendar file; your link stays the same.</p>
          ) : (
            <p>
              Your booking is cancelled.{' '}
              {done.refunded
                ? 'Your deposit has been refunded, with anything else you paid; your bank may take 5 to 10 days to show it.'
                : 'What you paid is being refunded the way you paid it: a card refund may take 5 to 10 days to show, and cash or a check is given back to you in person.'}{' '}
              We have e-mailed you the details.
            </p>
          )}
        </div>
      )}

      <section className="card my-booking__section" aria-labelledby="visits-title">
        <h2 id="visits-title">Visits</h2>
        <Visit title="Installation" visit={b.install} />
        {b.removal ? <Visit title="Removal" visit={b.removal} /> : <p className="muted">No removal booked.</p>}
        <p className="muted">Address: {b.address}</p>
        {actionsOpen && <VisitActions booking={b} token={token} moving={moving} setMoving={setMoving} onMoved={onMoved} />}
      </section>

      <section className="card my-booking__section" aria-labelledby="choices-title">
        <h2 id="choices-title">What you booked</h2>
        <dl className="my-booking__facts">
          <Fact label="Package">{`${b.packageTitle}, ${b.treeSize}`}</Fact>
          {b.luxeFinish && <Fact label="Luxe Finish">Included</Fact>}
          {b.addons.length > 0 && <Fact label="Add-ons">{b.addons.join(', ')}</Fact>}
          {b.keepOrnaments && <Fact label="Keep your collection">Yes</Fact>}
          {b.style && <Fact label="Style">{b.style}</Fact>}
          {b.styleRequests && <Fact label="Style requests">{b.styleRequests}</Fact>}
          {b.notes && <Fact label="Special requests">{b.notes}</Fact>}
          {b.parkingInstructions && <Fact label="Parking">{b.parkingInstructions}</Fact>}
        </dl>
      </section>

      <section className="card my-booking__section" aria-labelledby="payment-title">
        <h2 id="payment-title">Payment</h2>
        <dl className="my-booking__facts">
          {b.priceLines.map((l) => (
            <Fact key={l.label} label={l.label}>
              {formatCents(l.amountCents)}
            </Fact>
          ))}
          <Fact label="Total">{formatCents(b.totalCents)}</Fact>
          <Fact label="Paid">{formatCents(b.paidCents)}</Fact>
          {(b.refunds ?? []).map((r, i) => (
            <Fact key={`${r.label}-${i}`} label={`${r.label} refund`}>
              {`${formatCents(r.amountCents)} ${REFUND_STATE[r.state]}`}
            </Fact>
          ))}
          {!cancelled && <Fact label="Balance due">{b.balanceCents > 0 ? `${formatCents(b.balanceCents)} on installation day` : 'Nothing: paid in full'}</Fact>}
        </dl>
        {!cancelled && b.options.payBalance && <PayBalance booking={b} token={token} onPaid={onPaid} />}
      </section>

      {actionsOpen && b.options.cancel && <CancelBooking booking={b} token={token} onCancelled={onCancelled} />}
      {!cancelled && !b.options.cancel && (
        // The window closed: say what still can be done and whom to call (docs/decisions/045).
        <section className="card my-booking__section" aria-labelledby="cancel-closed-title">
          <h2 id="cancel-closed-title">Cancelling</h2>
          <p>{b.cancelNotice}</p>
        </section>
      )}

      <section className="card my-booking__section" aria-labelledby="policies-title">
        <h2 id="policies-title">Our policies</h2>
        <ul>
          {b.policies.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p>
          For anything else, call <a href={`tel:${b.contact.phone.replace(/[^\d+]/g, '')}`}>{b.contact.phone}</a> or write to <a href={`mailto:${b.contact.email}`}>{b.contact.email}</a>.
        </p>
      </section>
    </>
  );
}

function Visit({ title, visit }: { title: string; visit: MyBookingView['install'] }) {
  return (
    <p className="my-booking__visit">
      <strong>{title}:</strong> {formatLongDate(visit.date)}, {visit.window}
      {visit.done && <span className="pill pill--green">Done</span>}
    </p>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function VisitActions({ booking: b, token, moving, setMoving, onMoved }: Pick<DetailsProps, 'booking' | 'token' | 'moving' | 'setMoving' | 'onMoved'>) {
  const { options: o } = b;
  if (moving === 'add-removal') {
    return (
      <Suspense fallback={<p role="status">Loading the calendar…</p>}>
        <MoveVisitForm token={token} booking={b} visit="removal" adding={{ priceCents: o.removalPriceCents ?? 0 }} onMoved={(v) => onMoved(v, 'removal-added')} onCancel={() => setMoving(null)} />
      </Suspense>
    );
  }
  if (moving) {
    return (
      <Suspense fallback={<p role="status">Loading the calendar…</p>}>
        <MoveVisitForm token={token} booking={b} visit={moving} onMoved={(v) => onMoved(v, moving === 'install' ? 'installation' : 'removal')} onCancel={() => setMoving(null)} />
      </Suspense>
    );
  }
  const addRemoval = o.addRemoval && <AddRemoval booking={b} token={token} onStart={() => setMoving('add-removal')} />;
  if (!o.moveInstall && !o.moveRemoval) {
    return (
      <>
        {addRemoval}
        <p className="muted">The visits can no longer be moved online. Please call us if you need another time.</p>
      </>
    );
  }
  const moves: { visit: VisitKind; label: string; until: string | null }[] = [
    { visit: 'install', label: 'Move the installation', until: o.moveInstall ? o.moveInstallUntil : null },
    { visit: 'removal', label: 'Move the removal', until: o.moveRemoval ? o.moveRemovalUntil : null },
  ];
  return (
    <div className="my-booking__actions">
      {addRemoval}
      {moves.map(
        (m) =>
          m.until && (
            <p key={m.visit}>
              <button type="button" className="button" onClick={() => setMoving(m.visit)}>
                {m.label}
              </button>{' '}
              <span className="muted">until {deadlineText(Date.parse(m.until))}</span>
            </p>
          ),
      )}
    </div>
  );
}

/**
 * The optional removal: its price and a button to pick its date, or, while a Checkout page
 * for it is open (the date held), the way back to that page.
 */
function AddRemoval({ booking: b, token, onStart }: { booking: MyBookingView; token: string; onStart: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // Back from the Checkout page through the back/forward cache: the button is ready again.
  useOnReturnFromCache(() => setBusy(false));
  const price = b.options.removalPriceCents ?? 0;
  async function resume() {
    setBusy(true);
    setProblem('');
    try {
      const answer = await addRemoval(token, '', '', visitFrom(b.removal));
      if (answer.url) return window.location.assign(answer.url);
    } catch (err) {
      setProblem(err instanceof MyBookingError ? err.message : 'Something went wrong. Please try again, or call us.');
    }
    setBusy(false);
  }
  return (
    <div className="my-booking__pay">
      {b.options.removalPaymentOpen ? (
        <>
          <p>Your removal date is held while its payment page is open.</p>
          <button type="button" className="button button--primary" onClick={resume} disabled={busy}>
            {busy ? 'Opening the payment…' : 'Continue to payment'}
          </button>
        </>
      ) : (
        <p>
          <button type="button" className="button" onClick={onStart}>
            Add the removal
          </button>{' '}
          <span className="muted">{price > 0 ? `${formatCents(price)}, on a date at least 7 days away` : 'included at no charge, on a date at least 7 days away'}</span>
        </p>
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The balance paid online: to the Checkout page (the demo payment page in demo mode), or already paid (a replay) with the receipt e-mailed. */
function PayBalance({ booking: b, token, onPaid }: { booking: MyBookingView; token: string; onPaid: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // Back from the Checkout page through the back/forward cache: 'Pay … online' is ready again.
  useOnReturnFromCache(() => setBusy(false));
  // The attempt's Idempotency-Key: kept for a retry after a lost answer or a 5xx, so the server
  // answers the first call's Checkout page instead of opening another (lib/request-attempt.ts).
  const attemptKey = useRef('');
  async function pay() {
    setBusy(true);
    setProblem('');
    attemptKey.current ||= randomId('pay_balance_');
    try {
      const answer = await payBalanceOnline(token, attemptKey.current);
      attemptKey.current = '';
      if (answer.url) {
        window.location.assign(answer.url);
        return;
      }
      onPaid();
    } catch (err) {
      if (attemptSettled(err instanceof MyBookingError ? err.status : 0)) attemptKey.current = '';
      setProblem(err instanceof MyBookingError ? err.message : 'Something went wrong. Please try again, or call us.');
    }
    setBusy(false);
  }
  return (
    <div className="my-booking__pay">
      <button type="button" className="button button--primary" onClick={pay} disabled={busy}>
        {busy ? 'Opening the payment…' : `Pay ${formatCents(b.balanceCents)} online`}
      </button>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function CancelBooking({ booking: b, token, onCancelled }: { booking: MyBookingView; token: string; onCancelled: (refunded: boolean) => void }) {
  return (
    <ConfirmCancelSection
      className="card my-booking__section"
      title="Cancel the booking"
      notice={<p>{b.cancelNotice}</p>}
      askLabel="Cancel the booking"
      question={
        <>
          <strong>Cancel this booking?</strong> Both visits are given up and cannot be taken back.
        </>
      }
      confirmLabel="Yes, cancel and refund"
      keepLabel="Keep my booking"
      onConfirm={async () => onCancelled((await cancelMyBooking(token, visitFrom(b.install))).refunded)}
    />
  );
}
