import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatCents } from '@domain/money/cents';
import { bookingMoney } from '@domain/money/booking-money';
import { parseRecordedPayment, RECORDED_PAYMENT_MESSAGES, type RecordedPaymentMethod } from '@domain/money/recorded-payments';
import { adminDb } from '@/admin/core/db';
import { adminMutations } from '@/admin/core/mutations';
import type { AdminBooking, AdminCharge } from '@/admin/core/model/records';
import type { OutboxEntry } from '@/admin/core/model/outbox-entry';
import { isEntryOf } from '@/admin/core/outbox/action-registry';
import { currentAdmin } from '@/admin/core/session/admin-session';
import { formatTimestamp } from '@/admin/ui/format';
import { FormProblem } from '@/admin/ui/form-problem';
import { OutboxStatePill } from '@/admin/ui/outbox-entry-item';
import { Pill } from '@/admin/ui/pill';
import { BookingStatus, isPaid } from '@domain/booking/lifecycle';
import { ChargeStatus } from '@domain/money/charge-lifecycle';

const METHODS: { id: RecordedPaymentMethod; label: string }[] = [
  { id: 'cash', label: 'Cash' },
  { id: 'check', label: 'Check' },
  { id: 'other', label: 'Other' },
];

/** "825" or "825.50" → cents; NaN for anything else. */
function dollarsToCents(text: string): number {
  const m = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
}

const centsToDollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/**
 * Payments at the door (docs/decisions/030): the balance due, from the booking's ledger over
 * its mirrored charges (docs/decisions/045: a payment queued on this phone, a link open or a
 * charge the bank is processing already counts, marked pending), the payments recorded with the method, who and when, and
 * their state ('Queued' until the server has them, 'Voided' with the reason), a Void with a
 * reason for each, and the form to record cash, a check with its number, or another way. Works
 * offline through the outbox.
 */
export function PaymentsPanel({ booking, entries }: { booking: AdminBooking; entries: ReadonlyMap<string, OutboxEntry> }) {
  const charges = useLiveQuery(() => adminDb().charges.where('booking').equals(booking.id).sortBy('created_at'), [booking.id]) ?? [];
  const recorded = charges.filter((c) => c.method);
  const { dueCents, pendingCents } = bookingMoney(booking, charges);
  const [open, setOpen] = useState(false);
  const canTake = booking.status !== BookingStatus.Cancelled && isPaid(booking);
  const voids = new Map([...entries.values()].filter((e) => isEntryOf(e, 'payment_void')).map((e) => [e.payload.paymentId, e]));

  return (
    <div className="admin-payments" role="group" aria-label="Payments at the door">
      <p className="admin-payments__due">
        <strong>Balance due: {formatCents(dueCents)}</strong>
        {pendingCents > 0 && (
          <>
            {' '}
            <Pill tone="yellow">{formatCents(pendingCents)} pending</Pill>
          </>
        )}
      </p>
      {recorded.length > 0 && (
        <ul className="admin-plain-list admin-payments__list" aria-label="Payments recorded">
          {recorded.map((c) => (
            <RecordedPayment key={c.id} booking={booking} payment={c} entry={entries.get(c.id)} voidEntry={voids.get(c.id)} />
          ))}
        </ul>
      )}
      {canTake &&
        (open ? (
          <RecordPaymentForm booking={booking} defaultCents={dueCents} onDone={() => setOpen(false)} />
        ) : (
          <button type="button" className="button" onClick={() => setOpen(true)}>
            Record a payment
          </button>
        ))}
    </div>
  );
}

function RecordedPayment({ booking, payment: c, entry, voidEntry }: { booking: AdminBooking; payment: AdminCharge; entry?: OutboxEntry; voidEntry?: OutboxEntry }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();
  const who = c.created_by && c.created_by === currentAdmin()?.id ? 'you' : 'another admin account';
  const submit = async () => {
    if (!reason.trim()) return setProblem(RECORDED_PAYMENT_MESSAGES.voidReason);
    await adminMutations.voidPayment(booking.id, c.id, reason.trim());
    setAsking(false);
  };
  return (
    <li>
      <div className="admin-outbox-item__head">
        <strong>
          {c.description}: {formatCents(c.amount)}
        </strong>
        {c.status === ChargeStatus.Voided ? <Pill tone="grey">Voided</Pill> : entry ? <OutboxStatePill entry={entry} /> : <Pill tone="green">Paid</Pill>}
        {voidEntry && (
          <>
            {' '}
            Void <OutboxStatePill entry={voidEntry} />
          </>
        )}
      </div>
      <p className="muted">
        Recorded by {who} {formatTimestamp(c.created_at)}
        {c.status === ChargeStatus.Voided && c.void_reason ? ` · voided: ${c.void_reason}` : ''}
      </p>
      {c.status === ChargeStatus.Succeeded &&
        !voidEntry &&
        (asking ? (
          <div className="admin-payments__void">
            <div className="field">
              <label htmlFor={`${id}-reason`}>Why is it voided?</label>
              <input id={`${id}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            </div>
            <FormProblem problem={problem} />
            <div className="admin-actions">
              <button type="button" className="button button--danger" onClick={() => void submit()}>
                Void payment
              </button>
              <button type="button" className="button" onClick={() => setAsking(false)}>
                Keep it
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button" onClick={() => setAsking(true)}>
            Void
          </button>
        ))}
    </li>
  );
}

function RecordPaymentForm({ booking, defaultCents, onDone }: { booking: AdminBooking; defaultCents: number; onDone: () => void }) {
  const id = useId();
  const [method, setMethod] = useState<RecordedPaymentMethod>('cash');
  const [amount, setAmount] = useState(defaultCents > 0 ? centsToDollars(defaultCents) : '');
  const [checkNumber, setCheckNumber] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseRecordedPayment({ bookingId: booking.id, method, amountCents: dollarsToCents(amount), checkNumber, note });
    if (!parsed.ok) return setProblem(parsed.message);
    setBusy(true);
    setProblem('');
    try {
      await adminMutations.recordPayment(parsed.value);
      toast.success('Payment recorded', { description: navigator.onLine ? 'The customer gets a receipt by e-mail.' : 'Queued: it is sent, and the receipt e-mailed, when this phone is back online.' });
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-payments__form" onSubmit={(e) => void submit(e)} aria-label="Record a payment" noValidate>
      <fieldset className="admin-payments__methods">
        <legend>How did the customer pay?</legend>
        {METHODS.map((m) => (
          <label key={m.id}>
            <input type="radio" name={`${id}-method`} value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} /> {m.label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount ($)</label>
        <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      {method === 'check' && (
        <div className="field">
          <label htmlFor={`${id}-check`}>Check number</label>
          <input id={`${id}-check`} inputMode="numeric" maxLength={40} value={checkNumber} onChange={(e) => setCheckNumber(e.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <input id={`${id}-note`} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <FormProblem problem={problem} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Record payment
        </button>
        <button type="button" className="button" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
