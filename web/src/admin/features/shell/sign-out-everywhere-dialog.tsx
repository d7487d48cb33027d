import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { reportError } from '@/admin/ui/report-error';
import { signOutEverywhere } from '@/admin/core/mutations';

/** The toast after 'Sign out of all devices' succeeded. */
export const SIGNED_OUT_EVERYWHERE = 'Signed out of all devices';

/**
 * 'Sign out of all devices' (docs/decisions/043): asked first, because it signs out this device
 * too. Needs the connection (a lost phone must lose its access now, not when this one syncs);
 * offline it says so and stays open. `onSignedOut` ends this device's session, keeping the
 * changes it has not sent.
 */
export function SignOutEverywhereDialog({ open, online, waiting, onClose, onSignedOut }: { open: boolean; online: boolean; waiting: number; onClose: () => void; onSignedOut: () => Promise<void> }) {
  const kept =
    waiting > 0
      ? ` The ${waiting === 1 ? 'change' : `${waiting} changes`} not yet sent from this device ${waiting === 1 ? 'stays' : 'stay'} here and ${waiting === 1 ? 'is' : 'are'} sent after you log in again.`
      : '';
  const offline = online ? '' : ' You are offline: this needs a connection.';
  return (
    <ConfirmDialog
      open={open}
      title="Sign out of all devices?"
      message={`Every phone and computer signed in to your account, this one included, is signed out at once: for a lost phone.${kept}${offline}`}
      confirmLabel="Sign out everywhere"
      busyLabel="Signing out..."
      onConfirm={async () => {
        try {
          await signOutEverywhere();
        } catch (err) {
          reportError(err, 'The devices could not be signed out. Please check the connection and try again.');
          throw err;
        }
        await onSignedOut();
      }}
      onClose={onClose}
    />
  );
}
