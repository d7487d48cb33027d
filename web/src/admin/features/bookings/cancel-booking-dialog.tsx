import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '@domain/money/cents';
import { adminMutations } from '@/admin/core/mutations';
import type { AdminBooking } from '@/admin/core/model/records';
import { FormProblem } from '@/admin/ui/form-problem';
import { Modal } from '@/admin/ui/modal';
import { reportError } from '@/admin/ui/report-error';

/**
 * Cancelling a booking from the admin (docs/decisions/032): the owner chooses to refund the
 * deposit or to keep it as the policy allows (the deposit is nonrefundable after the 72 hours
 * after booking), then confirms. Through the outbox: online the answer comes at once; offline
 * it is queued and applied once when the phone is back online. The customer is e-mailed with
 * the calendar cancellation.
 */
export function CancelBookingDialog({ booking, onClose }: { booking: AdminBooking | null; onClose: () => void }) {
  const id = useId();
  const [refund, setRefund] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  if (!booking) return null;
  const deposit = formatCents(booking.deposit_amount);
  const confirm = async () => {
    setBusy(true);
    setProblem('');
    try {
      const out = await adminMutations.cancelBooking(booking.id, refund);
      if (out.queued) toast.success('Cancellation queued', { description: 'It is applied, and the customer e-mailed, when this phone is back online.' });
      else toast.success('Booking cancelled', { description: out.answer.refunded ? `The deposit of ${deposit} was refunded; the customer is e-mailed.` : 'The customer is e-mailed.' });
      onClose();
    } catch (err) {
      setProblem(reportError(err, 'Failed to cancel the booking'));
    } finally {
      setBusy(false);
    }
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
          <input type="radio" name={`${id}-refund`} checked={refund} onChange={() => setRefund(true)} /> Refund the deposit
        </label>
        <label>
          <input type="radio" name={`${id}-refund`} checked={!refund} onChange={() => setRefund(false)} /> Keep it, per the policy
        </label>
      </fieldset>
      <FormProblem problem={problem} />
    </Modal>
  );
}
