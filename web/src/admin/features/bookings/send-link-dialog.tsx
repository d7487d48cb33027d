import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { newIdempotencyKey, sendFreshLink } from '@/admin/core/mutations';
import type { AdminBooking } from '@/admin/core/model/records';
import { useOnline } from '@/admin/core/use-admin-sync';
import { FormProblem } from '@/admin/ui/form-problem';
import { Modal } from '@/admin/ui/modal';
import { reportError } from '@/admin/ui/report-error';
import { BookingStatus } from '@domain/booking/lifecycle';

/** The statuses whose booking has a manage link to send (domain/commands/manage-link-commands.ts). */
const LINKED = new Set<string>([BookingStatus.Confirmed, BookingStatus.Completed, BookingStatus.Cancelled]);

/**
 * 'Send a fresh link' on Booking Details (docs/decisions/027): after a confirmation, the
 * customer is e-mailed a new manage link and the one they had stops working (for a link that
 * was forwarded or leaked). Online only; one Idempotency-Key per confirmation, so a retry
 * after a lost answer sends one e-mail and ends the old link once.
 */
export function SendLinkButton({ booking }: { booking: AdminBooking }) {
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const key = useRef('');
  if (!LINKED.has(booking.status) || !booking.customer_email) return null;
  const open = () => {
    key.current = newIdempotencyKey();
    setProblem('');
    setAsking(true);
  };
  const send = async () => {
    setBusy(true);
    setProblem('');
    try {
      const answer = await sendFreshLink(booking.id, key.current);
      toast.success('Fresh link sent', { description: `E-mailed to ${answer.email}; the earlier link no longer works.` });
      setAsking(false);
    } catch (err) {
      setProblem(reportError(err, 'The link could not be sent'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={open} disabled={!online} title={online ? undefined : 'Connect to send a link.'}>
        Send a fresh link
      </button>
      {asking && (
        <Modal
          open
          onClose={() => setAsking(false)}
          title="Send a fresh link?"
          description={
            <p>
              {booking.customer_name} is e-mailed a new link to their booking at {booking.customer_email}. The link in their earlier e-mails stops working at once.
            </p>
          }
          busy={busy}
          role="alertdialog"
          footer={
            <>
              <button type="button" className="button" onClick={() => setAsking(false)} disabled={busy}>
                Keep the current link
              </button>
              <button type="button" className="button button--primary" onClick={() => void send()} disabled={busy}>
                {busy ? 'Sending...' : 'Send a fresh link'}
              </button>
            </>
          }
        >
          <FormProblem problem={problem} />
        </Modal>
      )}
    </>
  );
}
