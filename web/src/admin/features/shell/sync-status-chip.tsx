import type { OutboxStatus } from '@/admin/core/outbox/outbox';
import type { OutboxEntry } from '@/admin/core/model/outbox-entry';
import { syncChipText } from '@/admin/ui/outbox-labels';
import { formatTimeOfDay } from '@/admin/ui/format';

interface SyncStatusChipProps {
  online: boolean;
  lastSyncAt: number | null;
  /** The outbox, or undefined while it is being read (no count is claimed then). */
  entries: readonly OutboxEntry[] | undefined;
  status: OutboxStatus;
  onOpen: () => void;
}

/**
 * The status chip (docs/decisions/016 "A status chip always shows online / offline, the time of the last
 * sync and how many changes wait"); it opens the list of changes on this device.
 */
export function SyncStatusChip({ online, lastSyncAt, entries, status, onOpen }: SyncStatusChipProps) {
  const needsAttention = (entries ?? []).filter((e) => e.state === 'needs_attention').length;
  const waiting = (entries ?? []).length - needsAttention;
  const text = syncChipText({ online, lastSyncAt, waiting, needsAttention, pausedForSignIn: status.pausedForSignIn }, formatTimeOfDay);
  const tone = needsAttention > 0 ? 'attention' : online ? 'online' : 'offline';
  return (
    <div className="admin-sync" role="status" aria-live="polite">
      <button
        type="button"
        className={`admin-sync__chip admin-sync__chip--${tone}`}
        onClick={onOpen}
        data-testid="sync-status"
        data-online={online}
        data-waiting={entries ? waiting : undefined}
        data-attention={entries ? needsAttention : undefined}
      >
        <span className="admin-sync__dot" aria-hidden="true" />
        {text}
      </button>
    </div>
  );
}
