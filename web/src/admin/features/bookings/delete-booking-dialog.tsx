import { toast } from 'sonner';
import { adminMutations } from '@/admin/core/mutations';
import { reportError } from '@/admin/ui/report-error';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';

/** docs/product.md §2's confirmation and messages, quoted exactly. */
export const DELETE_BOOKING_MESSAGES = {
  confirm: 'This will permanently delete this booking for the customer. This action cannot be undone.',
  deleted: 'Booking deleted successfully',
  failed: 'Failed to delete booking',
} as const;

/**
 * Delete Booking (docs/product.md §2 Schedule and Bookings): Cancel / Delete, 'Deleting...' while it
 * runs, 'Booking deleted successfully'; its slots are free again at once.
 */
export function DeleteBookingDialog({ bookingId, onClose, onDeleted }: { bookingId: string | null; onClose: () => void; onDeleted: () => void }) {
  return (
    <ConfirmDialog
      open={!!bookingId}
      title="Delete this booking?"
      message={DELETE_BOOKING_MESSAGES.confirm}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onClose={onClose}
      onConfirm={async () => {
        if (!bookingId) return;
        try {
          await adminMutations.deleteBooking(bookingId);
        } catch (err) {
          reportError(err, DELETE_BOOKING_MESSAGES.failed);
          throw err;
        }
        toast.success(DELETE_BOOKING_MESSAGES.deleted);
        onDeleted();
      }}
    />
  );
}
