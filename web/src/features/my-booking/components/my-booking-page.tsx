import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatLongDate } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import { deadlineText } from '@domain/booking/self-service';
import type { VisitKind } from '@domain/schedule/slots';
import { useManageLinkLoad } from '@/lib/use-manage-link-load';
import { paths } from '@/lib/paths';
import { addRemoval, cancelMyBooking, fetchMyBooking, MyBookingError, payBalanceOnline, visitFrom, type MyBookingView } from '../api/my-booking';
import { ConfirmCancelSection } from '@/components/ui/confirm-cancel-section';
import '../my-booking.css';
import { BookingStatus } from '@domain/booking/lifecycle';
import { RefundLineState } from '@domain/money/refund-line-state';

// The move form carries the wizard's calendar (react-day-picker): loaded when a move starts,
// not in the page's first script (the /my-booking JavaScript budget, docs/benchmarks.md).
const MoveVisitForm = lazy(() => import('./move-visit-form').then((m) => ({ default: m.MoveVisitForm })));

/** A visit being moved, or the optional removal being added. */
type Editing = VisitKind | 'add-removal' | null;

/** What the customer just did. The link keeps working after a change (docs/decisions/027); a cancelled booking is shown read-only. */
type Done = { kind: 'moved'; what: string } | { kind: 'removal-added' } | { kind: 'cancel-made'; refunded: boolean } | { kind: 'paid' } | null;

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
      )}
    </div>
  );
}

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

function BookingDetails({ booking: b, token, done, resultRef, moving, setMoving, onMoved, onCancelled, onPaid }: DetailsProps) {
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
  async function pay() {
    setBusy(true);
    setProblem('');
    try {
      const answer = await payBalanceOnline(token);
      if (answer.url) {
        window.location.assign(answer.url);
        return;
      }
      onPaid();
    } catch (err) {
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
