import { useState } from 'react';
import { create } from 'zustand';
import { DepositLinkQrDialog } from './deposit-link-qr-dialog';

/** A phone booking just made with its deposit link e-mailed: the booking's id, the link, the deposit ('$150') and the customer's name. */
export interface LinkBooked {
  bookingId: string;
  url: string;
  deposit: string;
  customerName: string;
}

/**
 * The phone booking whose deposit link was just e-mailed, shown by the frame in place of the
 * wizard (which starts fresh as the booking is made) until 'Done' or the page is left.
 */
export const useLinkBooked = create<{ booked: LinkBooked | null; show: (b: LinkBooked) => void; clear: () => void }>((set) => ({
  booked: null,
  show: (booked) => set({ booked }),
  clear: () => set({ booked: null }),
}));

/**
 * 'Booking made' for a deposit link (docs/decisions/037): with the customer beside her, the owner
 * shows the link as a QR code and they pay on their own phone at once; `onDone` goes on.
 */
export function LinkBookedPanel({ booked, onDone }: { booked: LinkBooked; onDone: () => void }) {
  const [qrShown, setQrShown] = useState(false);
  return (
    <div className="container">
      <div className="card admin-phone-deposit">
        <h2>Booking made</h2>
        <p>
          The {booked.deposit} deposit link is e-mailed to {booked.customerName}; the times are held until it is paid. With the customer beside you, show the link as a QR code and they pay on their
          own phone.
        </p>
        <div className="admin-actions">
          <button type="button" className="button button--primary button--large" onClick={() => setQrShown(true)}>
            Show QR code
          </button>
          <button type="button" className="button button--large" onClick={onDone}>
            Done
          </button>
        </div>
        {qrShown && <DepositLinkQrDialog bookingId={booked.bookingId} url={booked.url} deposit={booked.deposit} customerName={booked.customerName} onClose={() => setQrShown(false)} />}
      </div>
    </div>
  );
}
