import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect } from 'react';
import { adminDb } from '@/admin/core/db';
import { watchBooking } from '@/admin/core/watch-booking';
import { Modal } from '@/admin/ui/modal';
import { BookingStatus } from '@domain/booking/lifecycle';

// The encoder is loaded only when a code is shown (@/admin/ui/payment-link-qr.tsx).
const PaymentLinkQr = lazy(() => import('@/admin/ui/payment-link-qr'));

/**
 * A phone booking's deposit link (docs/decisions/037) as a QR code on the owner's phone, so a
 * customer standing beside her pays the `deposit` (formatted, e.g. '$150') on their own phone
 * instead of waiting for the e-mail. `url` is the Checkout link the server answered and e-mailed;
 * the booking (`bookingId`), read live from the mirror (kept live here by watchBooking: the
 * dashboard's sync does not run on this page), turns the status from 'Waiting for payment…' to
 * paid once the deposit lands and realtime brings the confirmed booking.
 */
export function DepositLinkQrDialog({ bookingId, url, deposit, customerName, onClose }: { bookingId: string; url: string; deposit: string; customerName: string; onClose: () => void }) {
  useEffect(() => watchBooking(bookingId), [bookingId]);
  const booking = useLiveQuery(() => adminDb().bookings.get(bookingId), [bookingId]);
  const paid = booking?.status === BookingStatus.Confirmed;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Deposit: ${deposit}`}
      description={<p>{customerName} scans the code with their phone&apos;s camera and pays on the page it opens. The same link is in their e-mail.</p>}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {paid ? 'Done' : 'Close'}
        </button>
      }
    >
      {!paid && (
        <div className="admin-qr-box">
          <Suspense fallback={<p>Preparing the code…</p>}>
            <PaymentLinkQr url={url} label={`QR code of the deposit link for ${deposit}`} />
          </Suspense>
        </div>
      )}
      <p role="status" className="admin-qr-status">
        {paid ? `Paid: the ${deposit} deposit is received and the booking confirmed.` : 'Waiting for payment…'}
      </p>
    </Modal>
  );
}
