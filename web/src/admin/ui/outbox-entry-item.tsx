import { useState } from 'react';
import { toast } from 'sonner';
import { adminOutbox } from '@/admin/core/admin-outbox';
import type { OutboxEntry } from '@/admin/core/model/outbox-entry';
import { entryLabel } from './outbox-labels';
import { currentAdmin } from '@/admin/core/session/admin-session';
import { ConfirmDialog } from './confirm-dialog';
import { Pill } from './pill';

/** The pill of a queued action: 'Queued', 'Sending', 'Needs attention'. */
export function OutboxStatePill({ entry }: { entry: Pick<OutboxEntry, 'state'> }) {
  if (entry.state === 'needs_attention') return <Pill tone="red">Needs attention</Pill>;
  return <Pill tone="yellow">{entry.state === 'sending' ? 'Sending' : 'Queued'}</Pill>;
}

/**
 * One queued action (docs/decisions/016): what it does, for whom, its state and why
 * it has not gone yet; for one the server refused, the server's message with Retry (the same
 * key: never applied twice) and Discard (after a confirmation; its local change is undone).
 */
export function OutboxEntryItem({ entry, who }: { entry: OutboxEntry; who?: string }) {
  const [confirming, setConfirming] = useState(false);
  const otherAccount = entry.accountId !== (currentAdmin()?.id ?? entry.accountId);
  const retry = async () => {
    await adminOutbox().retry(entry.id);
  };
  const discard = async () => {
    if (!(await adminOutbox().discard(entry.id))) {
      toast.error('Error', { description: 'It is being sent right now. Please try again in a moment.' });
      throw new Error('busy');
    }
    toast.success('Change discarded');
  };
  return (
    <li className="admin-outbox-item">
      <div className="admin-outbox-item__head">
        <span className="admin-outbox-item__label">
          {entryLabel(entry)}
          {who ? <span className="muted"> · {who}</span> : null}
        </span>
        <OutboxStatePill entry={entry} />
      </div>
      {otherAccount && <p className="admin-outbox-item__why">Recorded under another admin account: it is sent when that account signs in on this device.</p>}
      {entry.lastError && <p className={entry.state === 'needs_attention' ? 'admin-error admin-outbox-item__why' : 'admin-outbox-item__why muted'}>{entry.lastError}</p>}
      {entry.state === 'needs_attention' && (
        <div className="admin-actions">
          <button type="button" className="button" onClick={() => void retry()}>
            Retry
          </button>
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            Discard
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Discard this change?"
        message={`“${entryLabel(entry)}” will not be sent to the server, and it is removed from this device.`}
        confirmLabel="Discard"
        busyLabel="Discarding..."
        onConfirm={discard}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
