import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { adminDb } from '@/admin/core/db';
import type { OutboxStatus } from '@/admin/core/outbox/outbox';
import type { OutboxEntry } from '@/admin/core/model/outbox-entry';
import type { StoragePersistence } from '@/admin/device/storage-persistence';
import { currentAdmin } from '@/admin/core/session/admin-session';
import { DeviceSection } from './device-section';
import { Modal } from '@/admin/ui/modal';
import { OutboxEntryItem } from '@/admin/ui/outbox-entry-item';

interface OutboxDialogProps {
  open: boolean;
  onClose: () => void;
  entries: readonly OutboxEntry[];
  status: OutboxStatus;
  storage: StoragePersistence;
}

/**
 * Changes on this device (docs/decisions/016): what waits for the server and why, what the server
 * refused ('needs attention', with Retry and Discard), a sign-in link when the session ended,
 * and the device's storage and install state.
 */
export function OutboxDialog({ open, onClose, entries, status, storage }: OutboxDialogProps) {
  const names = useLiveQuery(async () => {
    const ids = [...new Set(entries.map((e) => e.bookingId).filter(Boolean))];
    const rows = await adminDb().bookings.bulkGet(ids);
    return new Map(rows.filter((b) => !!b).map((b) => [b.id, b.customer_name]));
  }, [entries]);
  const attention = entries.filter((e) => e.state === 'needs_attention');
  const waiting = entries.filter((e) => e.state !== 'needs_attention');
  const signInNeeded = waiting.length > 0 && (status.pausedForSignIn || !currentAdmin());
  const who = (e: OutboxEntry) => names?.get(e.bookingId);
  return (
    <Modal open={open} onClose={onClose} size="wide" title="Changes on this device">
      <div className="admin-details">
        {signInNeeded && (
          <p className="admin-warning" role="alert">
            Your session has ended:{' '}
            <Link to={paths.adminLogin} className="admin-link">
              log in again
            </Link>{' '}
            to send these changes. Nothing is lost meanwhile.
          </p>
        )}
        {attention.length > 0 && (
          <section className="admin-section" aria-label="Needs attention">
            <h3>Needs attention</h3>
            <p className="muted">The server refused these. Retry sends the same change again (it is never applied twice); Discard drops it.</p>
            <ul className="admin-outbox-list">
              {attention.map((e) => (
                <OutboxEntryItem key={e.id} entry={e} who={who(e)} />
              ))}
            </ul>
          </section>
        )}
        <section className="admin-section" aria-label="Waiting to be sent">
          <h3>Waiting to be sent</h3>
          {waiting.length === 0 ? (
            <p className="muted">Nothing is waiting: every change made on this device has reached the server.</p>
          ) : (
            <ul className="admin-outbox-list">
              {waiting.map((e) => (
                <OutboxEntryItem key={e.id} entry={e} who={who(e)} />
              ))}
            </ul>
          )}
        </section>
        <DeviceSection storage={storage} />
      </div>
    </Modal>
  );
}
