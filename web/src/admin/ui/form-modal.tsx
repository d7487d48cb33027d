import type { FormEvent, ReactNode } from 'react';
import { Modal } from './modal';

/**
 * A modal dialog around one form (Change Password, Change E-mail): its footer's Cancel and submit
 * button (`busyLabel` while the form is sent), the form's id tying the button to it, and the
 * browser's own validation off so the form's own problems show (admin/ui/form-problem.tsx).
 */
export function FormModal({
  open,
  onClose,
  busy,
  title,
  formId,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  title: string;
  formId: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={busy}
      title={title}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate>
        {children}
      </form>
    </Modal>
  );
}
