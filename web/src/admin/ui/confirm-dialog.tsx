import { useState } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The confirmation sentence, e.g. docs/product.md's delete text. */
  message: string;
  confirmLabel: string;
  /** Shown on the confirm button while `onConfirm` runs, e.g. 'Deleting...'. */
  busyLabel: string;
  /** Runs the action; the dialog closes when it resolves and stays open when it rejects. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A confirmation with Cancel and a destructive button (docs/product.md §2 Delete Booking, §4 Review). */
export function ConfirmDialog({ open, title, message, confirmLabel, busyLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller has shown the error; the dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={<p>{message}</p>}
      busy={busy}
      role="alertdialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    />
  );
}
