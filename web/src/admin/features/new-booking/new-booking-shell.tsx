import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { PHONE_BOOKING_MESSAGES } from '@domain/booking/phone-booking';
import { useAdminGuard } from '@/admin/core/session/admin-session';
import { useOnline } from '@/admin/core/use-admin-sync';
import { paths } from '@/lib/paths';
import { LinkBookedPanel, useLinkBooked } from './link-booked';

/**
 * The frame of 'New booking' (docs/decisions/037) around `children`, the website's own wizard
 * (its rules, prices and slot checks from the server) ending with PhoneDepositStep, composed by
 * the route: admins only, a way back, and online only, which it says when offline. After a
 * booking whose deposit link was e-mailed, 'Booking made' with its QR code stands in the
 * wizard's place until 'Done' (./link-booked.tsx).
 */
export function NewBookingShell({ children }: { children: ReactNode }) {
  const guard = useAdminGuard();
  const navigate = useNavigate();
  const online = useOnline();
  const booked = useLinkBooked((s) => s.booked);
  useEffect(() => {
    if (guard === 'denied') navigate(paths.adminLogin, { replace: true });
  }, [guard, navigate]);
  // Leaving the page ends the 'Booking made' panel: the next visit opens the wizard.
  useEffect(() => () => useLinkBooked.getState().clear(), []);
  if (guard !== 'allowed') {
    return (
      <div className="container page" role="status" aria-live="polite">
        <p>Checking your session…</p>
      </div>
    );
  }
  return (
    <div className="admin admin-new-booking">
      <div className="container admin-new-booking__bar">
        <Link to={`${paths.adminDashboard}?tab=bookings`} className="button">
          ← Back to the dashboard
        </Link>
      </div>
      {!online && (
        <p className="container admin-error" role="status">
          {PHONE_BOOKING_MESSAGES.offline}
        </p>
      )}
      {booked ? (
        <LinkBookedPanel
          booked={booked}
          onDone={() => {
            useLinkBooked.getState().clear();
            navigate(`${paths.adminDashboard}?tab=bookings`);
          }}
        />
      ) : (
        children
      )}
    </div>
  );
}
