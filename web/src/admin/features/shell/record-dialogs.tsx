import { useState, type ReactNode } from 'react';
import { BookingDetailsDialog } from '@/admin/features/bookings/booking-details-dialog';
import { DeleteBookingDialog } from '@/admin/features/bookings/delete-booking-dialog';
import { ConsultationDialog } from '@/admin/features/consultations/consultation-dialog';
import { DamageDialog } from '@/admin/features/on-site/damage-dialog';
import { OnSiteSection } from '@/admin/features/on-site/on-site-section';

/** The openers of the record dialogs, for the tabs. */
export interface RecordDialogOpeners {
  openDetails: (bookingId: string) => void;
  openCharge: (bookingId: string) => void;
  openConsultation: (consultationId: string) => void;
}

/**
 * The dialogs every tab opens (Booking Details with the on-site actions, the damages dialog, the
 * delete confirmation, a consultation's details), with their state: the shell composes them
 * here because they come from different features. `onOpenCustomer` (the Customers tab) gives
 * Booking Details its link to the customer's page. Returns the openers and the element to
 * render once.
 */
export function useRecordDialogs(onOpenCustomer?: (email: string) => void): RecordDialogOpeners & { dialogs: ReactNode } {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [chargeId, setChargeId] = useState<string | null>(null);
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const [consultationId, setConsultationId] = useState<string | null>(null);
  const dialogs = (
    <>
      <BookingDetailsDialog
        bookingId={detailsId}
        onClose={() => setDetailsId(null)}
        onRecordDamages={setChargeId}
        onDelete={setDeleteId}
        onSite={(booking) => <OnSiteSection booking={booking} active={detailsId !== null} />}
        onOpenCustomer={
          onOpenCustomer &&
          ((email) => {
            setDetailsId(null);
            onOpenCustomer(email);
          })
        }
      />
      <DamageDialog bookingId={chargeId} onClose={() => setChargeId(null)} />
      <DeleteBookingDialog
        bookingId={deleteId}
        onClose={() => setDeleteId(null)}
        onDeleted={() => {
          setDeleteId(null);
          setDetailsId(null);
        }}
      />
      <ConsultationDialog consultationId={consultationId} onClose={() => setConsultationId(null)} />
    </>
  );
  return { openDetails: setDetailsId, openCharge: setChargeId, openConsultation: setConsultationId, dialogs };
}
