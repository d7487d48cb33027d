import { useState, type ReactNode } from 'react';
import { BookingDetailsDialog } from '@/admin/features/bookings/booking-details-dialog';
import { DamageDialog } from '@/admin/features/on-site/damage-dialog';
import { DeleteBookingDialog } from '@/admin/features/bookings/delete-booking-dialog';

/**
 * The booking dialogs every tab opens (Booking Details, the damages dialog, the delete
 * confirmation), with their state. Returns the openers and the element to render once.
 */
export function useBookingDialogs(): { openDetails: (id: string) => void; openCharge: (id: string) => void; dialogs: ReactNode } {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [chargeId, setChargeId] = useState<string | null>(null);
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const dialogs = (
    <>
      <BookingDetailsDialog bookingId={detailsId} onClose={() => setDetailsId(null)} onRecordDamages={setChargeId} onDelete={setDeleteId} />
      <DamageDialog bookingId={chargeId} onClose={() => setChargeId(null)} />
      <DeleteBookingDialog
        bookingId={deleteId}
        onClose={() => setDeleteId(null)}
        onDeleted={() => {
          setDeleteId(null);
          setDetailsId(null);
        }}
      />
    </>
  );
  return { openDetails: setDetailsId, openCharge: setChargeId, dialogs };
}
