import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense } from 'react';
import { formatCents } from '@domain/money/cents';
import { adminDb } from '@/admin/core/db';
import { Modal } from '@/admin/ui/modal';
import { ChargeStatus } from '@domain/money/charge-lifecycle';

// The encoder is loaded only when a code is shown (admin only; see @/admin/ui/payment-link-qr.tsx).
const PaymentLinkQr = lazy(() => import('@/admin/ui/payment-link-qr'));

/**
 * 'Card at the door': the balance's payment link (a charge waiting on its Stripe Checkout page,
 * `requires_checkout`) as a QR code on the owner's phone, so the customer pays on their own phone
 * (Apple Pay and Google Pay come with Checkout). The payment lands as any link payment does (the
 * webhook settles the charge, docs/decisions/045); the mirror brings the charge's new status, and
 * this dialog, reading it live from Dexie, turns from 'Waiting for payment…' to paid. The code
 * fills the dialog's width up to 320 px (admin.css .admin-qr), big enough to scan at 375 px.
 */
export function PaymentQrDialog({ chargeId, customerName, onClose }: { chargeId: string; customerName: string; onClose: () => void }) {
  const charge = useLiveQuery(() => adminDb().charges.get(chargeId), [chargeId]);
  const amount = charge ? formatCents(charge.amount) : '';
  const paid = charge?.status === ChargeStatus.Succeeded;
  const open = charge?.status === ChargeStatus.RequiresCheckout && !!charge.checkout_url;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Card payment: ${amount}`}
      description={<p>{customerName} scans the code with their phone&apos;s camera and pays on the page it opens.</p>}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {paid ? 'Done' : 'Close'}
        </button>
      }
    >
      {charge && (open || paid) && (
        <div className="admin-qr-box">
          {open && (
            <Suspense fallback={<p>Preparing the code…</p>}>
              <PaymentLinkQr url={charge.checkout_url} label={`QR code of the payment link for ${amount}`} />
            </Suspense>
          )}
        </div>
      )}
      <p role="status" className="admin-qr-status">
        {!charge ? 'Loading…' : paid ? `Paid: ${amount} received. Thank you!` : open ? 'Waiting for payment…' : 'This payment link is no longer open.'}
      </p>
    </Modal>
  );
}
