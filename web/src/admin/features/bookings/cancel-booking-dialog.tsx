import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { CANCEL_MESSAGE_MAX, moneyStateOfRows, ownerRefundRange, ownerRefundSplit } from '@domain/commands/booking-cancel-command';
import { dollars, formatCents } from '@domain/money/cents';
import { adminDb } from '@/admin/core/db';
import { adminMutations } from '@/admin/core/mutations';
import type { AdminBooking } from '@/admin/core/model/records';
import { FormProblem } from '@/admin/ui/form-problem';
import { Modal } from '@/admin/ui/modal';
import { reportError } from '@/admin/ui/report-error';

type RefundChoice = 'refund' | 'keep' | 'amount';

/** The amount field's text as cents, or NaN when it is not an amount of dollars (at most two decimals). */
function centsOf(text: string): number {
  const t = text.trim();
  return /^\d{1,7}(\.\d{1,2})?$/.test(t) ? dollars(Number(t)) : NaN;
}

/**
 * Cancelling a booking from the admin (docs/decisions/032): the owner chooses to refund the
 * deposit or to keep it as the policy allows (the deposit is nonrefundable after the 72 hours
 * after booking), or to refund an amount of her own, from $0 to what the payments still hold
 * (the server splits it by the ledger: domain/commands/booking-cancel-command.ts
 * ownerRefundSplit, the other payments newest first, then the deposit, whole or in part); the amount each choice refunds is shown, read from the mirror's charges as
 * the server will. She may add a personal message (plain text, at most 1,000 characters) for the
 * customer's e-mail. Through the outbox: online the answer comes at once; offline it is queued
 * and applied once when the phone is back online. The customer is e-mailed with the calendar
 * cancellation.
 */
export function CancelBookingDialog({ booking, onClose }: { booking: AdminBooking | null; onClose: () => void }) {
  const id = useId();
  const [choice, setChoice] = useState<RefundChoice>('refund');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const bookingId = booking?.id ?? '';
  const charges = useLiveQuery(() => adminDb().charges.where('booking').equals(bookingId).toArray(), [bookingId]);
  const money = useMemo(() => (booking ? moneyStateOfRows(booking, charges ?? []) : null), [booking, charges]);
  const range = useMemo(() => (money ? ownerRefundRange(money) : null), [money]);
  if (!booking || !money || !range) return null;
  const deposit = formatCents(booking.deposit_amount);
  const refundCents = choice === 'amount' ? centsOf(amount) : choice === 'refund' ? range.policyRefundCents : range.policyKeepCents;
  const confirm = async () => {
    if (choice === 'amount' && !(refundCents >= 0 && refundCents <= range.refundableCents)) {
      setProblem(`Please enter an amount from $0 to ${formatCents(range.refundableCents)}.`);
      return;
    }
    // The server's own rule, over the mirror's rows: an amount it would refuse is refused here
    // before anything is queued (the server checks again).
    const split = choice === 'amount' ? ownerRefundSplit(money, refundCents) : null;
    if (split && 'refused' in split) {
      setProblem(split.refused);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const extras = { ...(choice === 'amount' ? { refundCents } : {}), ...(message.trim() ? { message } : {}) };
      const out = await adminMutations.cancelBooking(booking.id, choice !== 'keep', extras);
      if (out.queued) toast.success('Cancellation queued', { description: 'It is applied, and the customer e-mailed, when this phone is back online.' });
      else
        toast.success('Booking cancelled', {
          description:
            choice === 'amount'
              ? `${formatCents(refundCents)} is being refunded; the customer is e-mailed.`
              : out.answer.refunded
                ? `The deposit of ${deposit} was refunded; the customer is e-mailed.`
                : 'The customer is e-mailed.',
        });
      onClose();
    } catch (err) {
      setProblem(reportError(err, 'Failed to cancel the booking'));
    } finally {
      setBusy(false);
    }
  };
  const chooseAmount = () => {
    setChoice('amount');
    if (!amount) setAmount(String(range.policyRefundCents / 100));
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Cancel this booking?"
      description={<p>{booking.customer_name}&apos;s visits are given up and their slots freed at once. The customer is e-mailed.</p>}
      busy={busy}
      role="alertdialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Keep the booking
          </button>
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Cancelling...' : 'Cancel the booking'}
          </button>
        </>
      }
    >
      <fieldset className="admin-payments__methods">
        <legend>The deposit of {deposit}</legend>
        <label>
          <input type="radio" name={`${id}-refund`} checked={choice === 'refund'} onChange={() => setChoice('refund')} /> Refund the deposit
        </label>
        <label>
          <input type="radio" name={`${id}-refund`} checked={choice === 'keep'} onChange={() => setChoice('keep')} /> Keep it, per the policy
        </label>
        <label>
          <input type="radio" name={`${id}-refund`} checked={choice === 'amount'} onChange={chooseAmount} /> Refund another amount
        </label>
      </fieldset>
      {choice === 'amount' ? (
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount to refund ($)</label>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="decimal"
            min={0}
            max={range.refundableCents / 100}
            step="0.01"
            value={amount}
            aria-describedby={`${id}-amount-hint`}
            onChange={(e) => setAmount(e.target.value)}
          />
          <p id={`${id}-amount-hint`} className="muted">
            Up to {formatCents(range.refundableCents)}, split over the payments newest first; the deposit ({formatCents(range.depositCents)}) last, whole or in part.
          </p>
        </div>
      ) : (
        <p role="status">{refundCents > 0 ? `Refunds ${formatCents(refundCents)}, each payment the way it was made.` : 'Nothing is refunded.'}</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-message`}>Message to {booking.customer_name} (optional)</label>
        <textarea id={`${id}-message`} rows={3} maxLength={CANCEL_MESSAGE_MAX} value={message} aria-describedby={`${id}-message-hint`} onChange={(e) => setMessage(e.target.value)} />
        <p id={`${id}-message-hint`} className="muted">
          Added to the cancellation e-mail. {message.length}/{CANCEL_MESSAGE_MAX}
        </p>
      </div>
      <FormProblem problem={problem} />
    </Modal>
  );
}
