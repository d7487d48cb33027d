import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PHONE_BOOKING_MESSAGES } from '@domain/booking/phone-booking';
import { useAdminGuard } from '@/admin/core/session/admin-session';
import { useOnline } from '@/admin/core/use-admin-sync';
import { paths } from '@/lib/paths';

/**
 * The frame of 'New booking' (docs/decisions/037) around `children`, the website's own wizard
 * (its rules, prices and slot checks from the server) ending with PhoneDepositStep, composed by
 * the route: admins only, a way back, and online only, which it says when offline.
 */
export function NewBookingShell({ children }: { children: ReactNode }) {
  const guard = useAdminGuard();
  const navigate = useNavigate();
  const online = useOnline();
  useEffect(() => {
    if (guard === 'denied') navigate(paths.adminLogin, { replace: true });
  }, [guard, navigate]);
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
      {children}
    </div>
  );
}
