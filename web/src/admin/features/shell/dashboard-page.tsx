import { ADMIN_BOOKING_PARAM } from '@domain/admin/admin-links';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { adminDb } from '@/admin/core/db';
import { dayData, SCHEDULE_COLLECTIONS, scheduleData } from '@/admin/features/schedule/schedule-data';
import { useAdminSync, useOnline } from '@/admin/core/use-admin-sync';
import { useAdminAppManifest } from '@/admin/device/app-manifest';
import { recordSync, useLastSync } from '@/admin/core/sync/last-sync';
import { prefetchInspirationImages } from '@/admin/device/prefetch-inspiration';
import { usePersistentStorage } from '@/admin/device/storage-persistence';
import { useOutbox, useOutboxEntries } from '@/admin/core/use-outbox';
import { currentAdmin, endSession, sessionRecord, SESSION_MESSAGES, useAdminGuard } from '@/admin/core/session/admin-session';
import { useRecordDialogs } from './record-dialogs';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { InstallAppButton } from './device-section';
import { OutboxDialog } from './outbox-dialog';
import { SyncStatusChip } from './sync-status-chip';
import { SIGNED_OUT_EVERYWHERE, SignOutEverywhereDialog } from './sign-out-everywhere-dialog';
import { BookingsTab } from '@/admin/features/bookings/bookings-tab';
import { CloseBooksCard } from '@/admin/features/books/books-card';
import { ChangePasswordDialog } from '@/admin/features/auth/change-password-dialog';
import { ChangeEmailDialog } from '@/admin/features/auth/change-email-dialog';
import { ConsultationsTab } from '@/admin/features/consultations/consultations-tab';
import { customerKey, customerRef } from '@domain/customers/customer-key';
import { OverviewTab } from '@/admin/features/overview/overview-tab';
import { FirstRunChecklist } from '@/admin/features/overview/first-run-checklist';
import { useAppInstalled } from '@/admin/device/install-prompt';
import { ReviewsTab } from '@/admin/features/reviews/reviews-tab';
import { ScheduleView } from '@/admin/features/schedule/schedule-view';
import { TodayView } from '@/admin/features/schedule/today-view';
import { panelId, tabId, TabStrip } from '@/admin/ui/tabs';
import '@/admin/ui/admin.css';
import { logError, logWarning } from '@/lib/log';

// Tabs the owner's day does not open load when first shown, so the dashboard's first look parses
// less (docs/decisions/044); the service worker precaches their chunks, so they open offline too.
const CustomersTab = lazy(() => import('@/admin/features/customers/customers-tab').then((m) => ({ default: m.CustomersTab })));
const SettingsTab = lazy(() => import('@/admin/features/settings/settings-tab').then((m) => ({ default: m.SettingsTab })));

performance.mark('admin:dashboard-module');
// The device's copy is opened, and the day and then the schedule read from it, as soon as this
// module loads, while React renders the first frame: on a phone opening the dashboard (offline
// too) these reads are the slowest part of the start (docs/decisions/015, 016, 060).
void adminDb()
  .open()
  .catch((err: unknown) => logError('Could not open the data saved on this device', err));
dayData.preload();
scheduleData.preload();

export const DASHBOARD_TABS = ['overview', 'bookings', 'customers', 'consultations', 'reviews', 'schedule', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const TAB_LABELS: Record<DashboardTab, string> = {
  overview: 'Overview',
  bookings: 'Bookings',
  customers: 'Customers',
  consultations: 'Consultations',
  reviews: 'Reviews',
  schedule: 'Schedule',
  settings: 'Settings',
};

/**
 * The admin dashboard (docs/product.md §2 Admin dashboard): a checking state, then the dashboard or a
 * redirect to the login (docs/product.md §4 Admin dashboard access); the header with Back to Website,
 * Change Password, Change E-mail and Logout; the tabs Overview, Bookings, Customers, Consultations, Reviews, Schedule and
 * Settings. Data is read from the device's mirror, kept current by the sync while this is open.
 * docs/decisions/016: the status chip (online or not, last sync, changes waiting) opens the changes on
 * this device; the outbox sends them while this is open; the offline copy is asked to be kept
 * and the inspiration images of the coming two weeks are fetched ahead after each sync.
 */
export function DashboardPage({ tab, onTabChange }: { tab: DashboardTab; onTabChange: (tab: DashboardTab) => void }) {
  useAdminAppManifest();
  const guard = useAdminGuard();
  const navigate = useNavigate();
  const sync = useAdminSync(guard === 'allowed');
  const outbox = useOutbox(guard === 'allowed');
  const outboxEntries = useOutboxEntries();
  const entries = outboxEntries ?? [];
  const me = currentAdmin()?.id ?? String(sessionRecord()?.id ?? '');
  const mine = entries.filter((e) => e.accountId === me);
  const lastSync = useLastSync();
  const storage = usePersistentStorage(guard === 'allowed');
  // Offline also when the browser thinks it is online but the server gives no answer.
  const online = useOnline() && !sync.unreachable;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const [logoutConfirm, setLogoutConfirm] = useState(false);
  const [signOutAllOpen, setSignOutAllOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const installed = useAppInstalled();
  // The customer whose page the Customers tab shows, kept in the address (?customer=, an opaque
  // customerRef, never the e-mail) so a reload or Back keeps it; none: the list.
  const [params, setParams] = useSearchParams();
  const customer = tab === 'customers' ? params.get('customer') : null;
  const setCustomer = (ref: string | null) => setParams(ref ? { tab: 'customers', customer: ref } : { tab: 'customers' });
  const openCustomer = (email: string) => setCustomer(customerRef(customerKey(email)));
  const { openDetails, openCharge, openConsultation, dialogs } = useRecordDialogs(openCustomer);
  // `?booking=<id>` (the owner's 'New booking' e-mail, domain/admin/admin-links.ts) opens that
  // booking's details once the bookings are here; the parameter then leaves the address.
  const linkedBooking = params.get(ADMIN_BOOKING_PARAM);
  const bookingsLoaded = sync.loaded.has('bookings');
  useEffect(() => {
    if (!linkedBooking || !bookingsLoaded || guard !== 'allowed') return;
    openDetails(linkedBooking);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(ADMIN_BOOKING_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linkedBooking, bookingsLoaded, guard, openDetails, setParams]);

  useEffect(() => {
    if (guard === 'denied') navigate(paths.adminLogin, { replace: true });
  }, [guard, navigate]);

  useEffect(() => {
    if (sync.state !== 'ready') return;
    if (performance.getEntriesByName('admin:synced').length === 0) performance.mark('admin:synced');
    recordSync(Date.now());
    void adminDb()
      .bookings.toArray()
      .then((bookings) => prefetchInspirationImages(bookings))
      .catch((err: unknown) => logWarning('Inspiration images were not fetched ahead', err));
  }, [sync.state]);

  if (guard !== 'allowed') {
    return (
      <div className="container page" role="status" aria-live="polite">
        <p>Checking your session…</p>
      </div>
    );
  }

  const leave = async (message: string = SESSION_MESSAGES.loggedOut) => {
    await endSession();
    toast.success(message);
    navigate(paths.adminLogin, { replace: true });
  };
  // This admin's work not yet sent would be lost: ask first (an expired session keeps it instead).
  const logout = async () => {
    if (mine.length > 0) setLogoutConfirm(true);
    else await leave();
  };

  const loaded = (c: 'bookings' | 'consultation_requests' | 'testimonials') => sync.loaded.has(c);
  const scheduleLoaded = SCHEDULE_COLLECTIONS.every(loaded);

  return (
    <div className="admin">
      <header className="admin-header">
        <div className="admin-header__inner">
          <div className="admin-header__title">
            <h1>Admin Dashboard</h1>
            <p className="admin-header__who">{String(currentAdmin()?.email ?? sessionRecord()?.email ?? '')}</p>
          </div>
          <SyncStatusChip online={online} lastSyncAt={lastSync} entries={outboxEntries} status={outbox} onOpen={() => setOutboxOpen(true)} />
          {/* On a phone the account's links fold into a menu, so the day starts near the top. */}
          <button type="button" className="button admin-header__menu" aria-expanded={menuOpen} aria-controls="admin-account-menu" onClick={() => setMenuOpen((o) => !o)}>
            Menu
          </button>
          <nav id="admin-account-menu" className={`admin-header__actions${menuOpen ? ' is-open' : ''}`} aria-label="Account">
            <InstallAppButton />
            <Link to={paths.home} className="button">
              Back to Website
            </Link>
            <button type="button" className="button" onClick={() => setPasswordOpen(true)}>
              Change Password
            </button>
            <button type="button" className="button" onClick={() => setEmailOpen(true)}>
              Change E-mail
            </button>
            <button type="button" className="button" onClick={() => void logout()}>
              Logout
            </button>
            <button type="button" className="button" onClick={() => setSignOutAllOpen(true)}>
              Sign out of all devices
            </button>
          </nav>
        </div>
        <TabStrip label="Dashboard sections" idPrefix="dashboard" value={tab} onChange={onTabChange} tabs={DASHBOARD_TABS.map((id) => ({ id, label: TAB_LABELS[id] }))} className="admin-tabs--main" />
      </header>
      {!online && (
        <p className="admin-offline" role="status">
          You are offline: showing the data saved on this device. Changes are kept and sent when the connection is back.
        </p>
      )}
      <div role="tabpanel" id={panelId('dashboard')} aria-labelledby={tabId('dashboard', tab)} className="admin-main">
        {tab === 'overview' && (
          <OverviewTab
            today={<TodayView onOpenBooking={openDetails} onOpenConsultation={openConsultation} />}
            schedule={<ScheduleView onOpenBooking={openDetails} onOpenConsultation={openConsultation} />}
            scheduleLoaded={scheduleLoaded}
            books={<CloseBooksCard />}
            checklist={
              online && (
                <FirstRunChecklist
                  installed={installed}
                  install={<InstallAppButton />}
                  adminEmail={String(currentAdmin()?.email ?? sessionRecord()?.email ?? '')}
                  onChangeEmail={() => setEmailOpen(true)}
                  seasonsHref={`${paths.adminDashboard}?tab=settings`}
                />
              )
            }
          />
        )}
        {tab === 'bookings' && <BookingsTab loaded={loaded('bookings')} onOpen={openDetails} onCharge={openCharge} />}
        {tab === 'customers' && (
          <Suspense fallback={<p role="status">Loading customers…</p>}>
            <CustomersTab loaded={loaded('bookings')} selected={customer} onSelect={setCustomer} onOpenBooking={openDetails} onOpenConsultation={openConsultation} />
          </Suspense>
        )}
        {tab === 'consultations' && <ConsultationsTab loaded={loaded('consultation_requests')} />}
        {tab === 'reviews' && <ReviewsTab loaded={loaded('testimonials')} />}
        {tab === 'schedule' && (
          <div className="admin-panel">
            <ScheduleView onOpenBooking={openDetails} onOpenConsultation={openConsultation} />
          </div>
        )}
        {tab === 'settings' && (
          <Suspense fallback={<p role="status">Loading settings…</p>}>
            <SettingsTab bookingsLoaded={loaded('bookings')} onOpenBooking={openDetails} />
          </Suspense>
        )}
      </div>
      {dialogs}
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <ChangeEmailDialog open={emailOpen} onClose={() => setEmailOpen(false)} />
      <OutboxDialog open={outboxOpen} onClose={() => setOutboxOpen(false)} entries={entries} status={outbox} storage={storage} />
      <SignOutEverywhereDialog open={signOutAllOpen} online={online} waiting={mine.length} onClose={() => setSignOutAllOpen(false)} onSignedOut={() => leave(SIGNED_OUT_EVERYWHERE)} />
      <ConfirmDialog
        open={logoutConfirm}
        title="Log out with unsent changes?"
        message={`${mine.length} change${mine.length === 1 ? '' : 's'} you made on this device ${mine.length === 1 ? 'has' : 'have'} not reached the server yet. Logging out deletes ${mine.length === 1 ? 'it' : 'them'} from this device.`}
        confirmLabel="Log out and delete them"
        busyLabel="Logging out..."
        onConfirm={async () => {
          await adminDb().clearOutbox(me);
          await leave();
        }}
        onClose={() => setLogoutConfirm(false)}
      />
    </div>
  );
}
