import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type ReactNode } from 'react';
import { CHARGE_MESSAGES, OPEN_CHARGE_STATUSES } from '@domain/money/balance-charge';
import { DELETE_PAID_REFUSED, moneyMovedFor } from '@domain/booking/deletion';
import { ADDONS, isAddonId } from '@domain/catalog';
import { bookingStatusLabel, bookingStatusTone, packageTitle, paymentDashboardUrl, paymentStatusLabel, paymentStatusTone } from '@domain/booking/display';
import { formatCents } from '@domain/money/cents';
import { bookingLedger, bookingMoney, doorBalance, moneyLines } from '@domain/money/booking-money';
import { recordDamagesButton } from '@domain/admin/permissions';
import { formatSlotRange } from '@domain/schedule/slots';
import { adminDb } from '@/admin/core/db';
import { markRefundReturned } from '@/admin/core/mutations';
import { errorMessage } from '@/lib/pb';
import type { AdminBooking, AdminCharge } from '@/admin/core/model/records';
import { formatDateField, formatTimestamp, treeSizeLabel } from '@/admin/ui/format';
import { currentAdmin } from '@/admin/core/session/admin-session';
import { AddressLink, EmailLink, PhoneLink } from '@/admin/ui/contact-links';
import { Modal } from '@/admin/ui/modal';
import { Pill } from '@/admin/ui/pill';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { PaymentQrDialog } from './payment-qr-dialog';
import { MoveVisitDialog } from './move-visit-dialog';
import { SendLinkButton } from './send-link-dialog';
import { QueuedMoves, VisitMoveButton } from './visit-move-parts';
import type { VisitKind } from '@domain/schedule/slots';
import { BookingStatus } from '@domain/booking/lifecycle';
import { ChargeStatus, QUEUED_ON_DEVICE } from '@domain/money/charge-lifecycle';

/** A label and its value; a row with nothing to say is left out. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined || children === false) return null;
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The two visits, in the order the details list them. */
const VISIT_LABELS: readonly (readonly [VisitKind, string])[] = [
  ['install', 'Install'],
  ['removal', 'Removal'],
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function visitText(date: string, slot: string): string {
  return date ? `${formatDateField(date)}, ${formatSlotRange(slot)}` : '—';
}

const CHARGE_STATUS: Record<string, string> = {
  pending: 'Sending',
  processing: 'Processing',
  succeeded: 'Paid',
  failed: 'Failed',
  queued: 'Queued on this phone',
  voided: 'Voided',
  requires_checkout: 'Waiting for the customer',
};

/**
 * The booking's own sections (docs/product.md §2 Booking Details and Schedule detail dialog):
 * who and where first (name, e-mail, phone, address, parking, notes), then `afterClient` (what
 * to do there: the on-site section), then the booking, style, images and payment.
 */
export function BookingFacts({
  booking: b,
  charges,
  afterClient,
  onMove,
}: {
  booking: AdminBooking;
  charges: readonly AdminCharge[];
  afterClient?: ReactNode;
  /** Offers 'Move' beside each visit that may still move (docs/decisions/036). */
  onMove?: (visit: VisitKind) => void;
}) {
  const addons = (b.selected_addons ?? []).filter((a) => a && typeof a.id === 'string');
  const images = (b.style_inspiration_images ?? []).filter((u) => typeof u === 'string' && u);
  const providerUrl = paymentDashboardUrl(b);
  // 'Card at the door': the charge whose payment link is shown as a QR code ('' none).
  const [qrCharge, setQrCharge] = useState('');
  return (
    <div className="admin-details">
      <Section title="Client information">
        <dl className="admin-facts">
          <Fact label="Name">{b.customer_name}</Fact>
          <Fact label="Email">
            <EmailLink email={b.customer_email} />
          </Fact>
          <Fact label="Phone">
            <PhoneLink phone={b.customer_phone} />
          </Fact>
          <Fact label="Address">
            <AddressLink address={b.customer_address} />
          </Fact>
          <Fact label="Parking">{b.parking_instructions}</Fact>
          <Fact label="Notes">{b.notes && <span className="admin-prewrap">{b.notes}</span>}</Fact>
        </dl>
      </Section>
      {afterClient}
      <Section title="Booking details">
        <dl className="admin-facts">
          <Fact label="Package">{packageTitle(b.package_type)}</Fact>
          <Fact label="Tree size">{treeSizeLabel(b.tree_size)}</Fact>
          <Fact label="Status">
            <Pill tone={bookingStatusTone(b.status)}>{bookingStatusLabel(b.status)}</Pill>
          </Fact>
          {VISIT_LABELS.map(([visit, label]) => (
            <Fact key={visit} label={label}>
              <span className="admin-visit-row">
                {visitText(b[`${visit}_date`], b[`${visit}_time_slot`])}
                {onMove && <VisitMoveButton booking={b} visit={visit} onMove={onMove} />}
              </span>
            </Fact>
          ))}
          <QueuedMoves bookingId={b.id} />
          {b.extra_tree && <Fact label="Extra tree">Yes</Fact>}
          {b.keep_ornaments && <Fact label="Keeps ornaments">Yes</Fact>}
          <Fact label="Add-ons">
            {addons.length > 0 ? (
              <ul className="admin-plain-list">
                {addons.map((a) => (
                  <li key={a.id}>
                    {isAddonId(a.id) ? ADDONS[a.id].title : a.id}
                    {a.quantity && a.quantity > 1 ? ` × ${a.quantity}` : ''} ({formatCents(a.price)})
                  </li>
                ))}
              </ul>
            ) : null}
          </Fact>
          <Fact label="Created">{formatTimestamp(b.created_at)}</Fact>
        </dl>
      </Section>
      <Section title="Style preferences">
        <dl className="admin-facts">
          <Fact label="Colour palette">{b.style_color_palette}</Fact>
          <Fact label="Theme">{b.style_theme}</Fact>
          <Fact label="Topper">{b.style_topper}</Fact>
          <Fact label="Special requests">{b.style_special_requests}</Fact>
        </dl>
      </Section>
      <Section title="Inspiration images">
        {images.length === 0 ? (
          <p className="muted">No inspiration images.</p>
        ) : (
          <ul className="admin-images">
            {images.map((url, i) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={`Inspiration image ${i + 1}`} loading="lazy" width={96} height={96} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Payment information">
        <dl className="admin-facts">
          <Fact label="Payment">
            <Pill tone={paymentStatusTone(b.payment_status)}>{paymentStatusLabel(b.payment_status)}</Pill>
          </Fact>
          {b.disputed_at && (
            <Fact label="Dispute">
              <Pill tone="red">Disputed</Pill> since {formatTimestamp(b.disputed_at)}: answer it in the payment dashboard
            </Fact>
          )}
          {b.mail_problem && <Fact label="E-mail not delivered">{b.mail_problem}</Fact>}
          {(b.price_lines ?? []).map((l) => (
            <Fact key={l.code} label={l.label}>
              {formatCents(l.amountCents)}
            </Fact>
          ))}
          {b.travel_fee > 0 && !(b.price_lines ?? []).length && <Fact label="Travel fee">{formatCents(b.travel_fee)}</Fact>}
          <Fact label="Total price">{formatCents(b.total_price)}</Fact>
          <Fact label="Deposit">{formatCents(b.deposit_amount)}</Fact>
          <Fact label="Deposit paid">{formatTimestamp(b.deposit_paid_at)}</Fact>
          {/* The same ledger figures as Payments at the door (moneyOf): they add up to what is owed. */}
          {moneyLines(bookingMoney(b, charges)).map((l) => (
            <Fact key={l.label} label={l.label}>
              {formatCents(l.cents)}
            </Fact>
          ))}
          <Fact label="Balance paid">{formatTimestamp(b.balance_paid_at)}</Fact>
          {b.status === BookingStatus.Cancelled && <CancelFacts booking={b} charges={charges} />}
          {providerUrl && (
            <Fact label="Payment provider">
              <a className="admin-link" href={providerUrl} target="_blank" rel="noreferrer">
                Open payment dashboard
              </a>
            </Fact>
          )}
        </dl>
        {charges.length > 0 && (
          <>
            <h4>Charges</h4>
            <ul className="admin-plain-list">
              {charges.map((c) => (
                <li key={c.id}>
                  {formatTimestamp(c.created_at)}: {formatCents(c.amount)}, {CHARGE_STATUS[c.status] ?? c.status}
                  {c.description ? ` (${c.description})` : ''}
                  {c.status === ChargeStatus.RequiresCheckout && c.checkout_url && (
                    <>
                      {' '}
                      ·{' '}
                      <a className="admin-link" href={c.checkout_url} target="_blank" rel="noreferrer">
                        Payment link
                      </a>{' '}
                      ·{' '}
                      <button type="button" className="button" onClick={() => setQrCharge(c.id)} aria-label={`Show the QR code of the ${formatCents(c.amount)} payment link`}>
                        Show QR code
                      </button>
                    </>
                  )}
                  {c.status === ChargeStatus.Failed && c.error ? `: ${c.error}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
        <ToGiveBack booking={b} charges={charges} />
        {qrCharge && <PaymentQrDialog chargeId={qrCharge} customerName={b.customer_name} onClose={() => setQrCharge('')} />}
      </Section>
    </div>
  );
}

/**
 * What a cancelled booking gave back (every refund of the ledger, made or on its way, e.g. part of
 * the deposit: domain/money/ledger.ts movementsOf) and the owner's message sent with the
 * cancellation e-mail (`cancel_message`), read from the mirror.
 */
function CancelFacts({ booking: b, charges }: { booking: AdminBooking; charges: readonly AdminCharge[] }) {
  const refunds = bookingLedger(b, charges).movements.filter((m) => m.direction === 'refund');
  const cents = refunds.reduce((t, m) => t + m.amountCents, 0);
  const waiting = refunds.some((m) => m.status === 'pending' || m.status === 'to_return');
  return (
    <>
      <Fact label="Refunded">{`${formatCents(cents)}${waiting ? ' (on its way)' : ''}`}</Fact>
      <Fact label="Message sent">{b.cancel_message ? <span style={{ whiteSpace: 'pre-line' }}>{b.cancel_message}</span> : null}</Fact>
    </>
  );
}

/**
 * Money paid by hand (cash, a check) that a cancellation or an excess refunds: the owner gives it
 * back in person, then marks it here, which sends the customer's receipt (docs/decisions/045).
 * Read from the same ledger as the server (domain/money/booking-money.ts). Online only.
 */
function ToGiveBack({ booking: b, charges }: { booking: AdminBooking; charges: readonly AdminCharge[] }) {
  const [busy, setBusy] = useState('');
  const [problem, setProblem] = useState('');
  // Only what the server holds: a payment queued on this phone has nothing to give back yet.
  const { movements } = bookingLedger(
    b,
    charges.filter((c) => c.status !== QUEUED_ON_DEVICE),
  );
  const toReturn = movements.filter((m) => m.direction === 'refund' && m.status === 'to_return');
  if (toReturn.length === 0) return null;

  async function markReturned(paymentId: string) {
    setBusy(paymentId);
    setProblem('');
    try {
      await markRefundReturned(b.id, paymentId);
    } catch (err) {
      setProblem(errorMessage(err, 'The payment could not be marked given back. Please try again when online.'));
    } finally {
      setBusy('');
    }
  }

  return (
    <>
      <h4>To give back by hand</h4>
      <ul className="admin-plain-list">
        {toReturn.map((m) => {
          const paymentId = m.of!.split('#')[0]!;
          return (
            <li key={m.id}>
              {formatCents(m.amountCents)} of the {m.kind}, paid {m.method === 'check' ? 'by check' : m.method === 'cash' ? 'in cash' : 'another way'}{' '}
              <button type="button" className="button" onClick={() => void markReturned(paymentId)} disabled={busy !== ''}>
                {busy === paymentId ? 'Marking…' : 'Mark given back'}
              </button>
            </li>
          );
        })}
      </ul>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/** Charge states in which money may still move, and a payment queued on this phone. */
const IN_FLIGHT = new Set<string>([...OPEN_CHARGE_STATUSES, 'queued']);

/**
 * The rarely used, destructive actions behind a 'More actions' button, so none sits where a
 * thumb reaches for Charge: Cancel booking (a confirmed one; the deposit refunded or kept) and
 * Delete Booking (which keeps docs/product.md's confirmation), both refused with the reason
 * while money is in flight; Delete also for good once money moved (domain/booking/deletion.ts:
 * such a booking is cancelled instead, as the server insists).
 */
function MoreActions({ moneyInFlight, paid, onDelete, onCancel }: { moneyInFlight: boolean; paid: boolean; onDelete: () => void; onCancel: (() => void) | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="admin-more">
      <button type="button" className="button" aria-expanded={open} aria-controls={`${id}-menu`} onClick={() => setOpen((o) => !o)}>
        More actions
      </button>
      {open && (
        <div id={`${id}-menu`} className="admin-more__menu">
          {onCancel && (
            <button type="button" className="button" disabled={moneyInFlight} aria-describedby={moneyInFlight ? `${id}-why` : undefined} onClick={onCancel}>
              Cancel booking
            </button>
          )}
          <button type="button" className="button button--danger" disabled={moneyInFlight || paid} aria-describedby={moneyInFlight || paid ? `${id}-why` : undefined} onClick={onDelete}>
            Delete Booking
          </button>
          {moneyInFlight ? (
            <p id={`${id}-why`} className="admin-footnote">
              {CHARGE_MESSAGES.deleteInFlight} Delete it once the payment has succeeded, failed or expired.
            </p>
          ) : (
            paid && (
              <p id={`${id}-why`} className="admin-footnote">
                {DELETE_PAID_REFUSED}
              </p>
            )
          )}
        </div>
      )}
    </div>
  );
}

interface BookingDetailsDialogProps {
  bookingId: string | null;
  onClose: () => void;
  onRecordDamages: (id: string) => void;
  onDelete: (id: string) => void;
  /** The on-site actions for the open booking, shown first (the shell passes the on-site feature's section). */
  onSite: (booking: AdminBooking) => ReactNode;
  /** Opens the page of the booking's customer, by their e-mail (the shell's Customers tab). */
  onOpenCustomer?: (email: string) => void;
}

/**
 * Booking Details (docs/product.md §2): who and where, then the on-site actions (docs/decisions/016:
 * they work offline), then every section of the booking, read live from the mirror (a payment
 * elsewhere shows at once), with 'Record Damages & Charge' (shown and enabled by
 * docs/product.md §5's rule, domain/admin/permissions.ts) and Delete Booking under More actions
 * (docs/decisions/031).
 */
export function BookingDetailsDialog({ bookingId, onClose, onRecordDamages, onDelete, onSite, onOpenCustomer }: BookingDetailsDialogProps) {
  const data = useLiveQuery(async () => {
    if (!bookingId) return null;
    const db = adminDb();
    const [booking, charges] = await Promise.all([db.bookings.get(bookingId), db.charges.where('booking').equals(bookingId).sortBy('created_at')]);
    return { booking: booking ?? null, charges };
  }, [bookingId]);
  const booking = data?.booking ?? null;
  // A payment recorded on this phone and not yet sent already counts: charging now could take the same money twice.
  const paymentQueued = booking ? doorBalance(booking, data?.charges ?? []).queuedCents > 0 : false;
  const damages = booking ? (paymentQueued ? 'disabled' : recordDamagesButton(currentAdmin(), booking, data?.charges ?? [])) : 'hidden';
  // The server refuses to delete a booking whose money may still move; the menu says so first.
  const moneyInFlight = (data?.charges ?? []).some((c) => IN_FLIGHT.has(c.status));
  // Nor one money moved for: it is cancelled instead.
  const paid = booking ? moneyMovedFor(booking, data?.charges ?? []) : false;
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState<VisitKind | null>(null);

  return (
    <Modal
      open={!!bookingId && !!booking}
      onClose={onClose}
      size="wide"
      title={
        <>
          Booking Details
          {booking?.luxe_finish && (
            <>
              {' '}
              <Pill tone="gold">Luxe Finish</Pill>
            </>
          )}
        </>
      }
      description={
        booking ? (
          <p>
            {booking.customer_name} · {packageTitle(booking.package_type)} · {treeSizeLabel(booking.tree_size)}
          </p>
        ) : null
      }
      footer={
        booking && (
          <>
            {damages !== 'hidden' && (
              <button
                type="button"
                className="button button--primary"
                disabled={damages === 'disabled'}
                aria-describedby={damages === 'disabled' ? 'damages-why' : undefined}
                onClick={() => onRecordDamages(booking.id)}
              >
                Record Damages &amp; Charge
              </button>
            )}
            <SendLinkButton booking={booking} />
            <MoreActions moneyInFlight={moneyInFlight} paid={paid} onDelete={() => onDelete(booking.id)} onCancel={booking.status === BookingStatus.Confirmed ? () => setCancelling(true) : null} />
            {damages === 'disabled' && (
              <p id="damages-why" className="admin-footnote">
                {paymentQueued
                  ? 'A payment recorded on this phone is waiting to be sent: charge once it has synced.'
                  : 'Damages apply to Elevated Arbor, Curated Christmas, or Adorned Arrangement with the Luxe Finish or an ornament add-on.'}
              </p>
            )}
          </>
        )
      }
    >
      {booking && (
        <BookingFacts
          booking={booking}
          charges={data?.charges ?? []}
          afterClient={
            <>
              {onOpenCustomer && (
                <p>
                  <button type="button" className="button" onClick={() => onOpenCustomer(booking.customer_email)}>
                    Customer page: every season
                  </button>
                </p>
              )}
              {onSite(booking)}
            </>
          }
          onMove={setMoving}
        />
      )}
      {booking && moving && <MoveVisitDialog booking={booking} visit={moving} onClose={() => setMoving(null)} />}
      {cancelling && <CancelBookingDialog booking={booking} onClose={() => setCancelling(false)} />}
    </Modal>
  );
}
