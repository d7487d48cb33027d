import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Shown under the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the foot of the dialog. */
  footer?: ReactNode;
  /** 'wide' for booking details. */
  size?: 'narrow' | 'wide';
  /** While true, Escape, the close button and the backdrop do not close it (a request is running). */
  busy?: boolean;
  /** Accessible role: 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The admin's dialogs: a native modal <dialog> (the browser keeps focus inside and makes the
 * page behind it inert; Escape closes it), with a title, a close button of 44 px and a footer.
 * Focus returns to what opened it. Dialogs may stack (details, then damages or a confirmation).
 */
export function Modal({ open, onClose, title, description, children, footer, size = 'narrow', busy = false, role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // An unmount while open (the record was deleted elsewhere) still gives focus back.
  useEffect(() => () => returnTo.current?.focus(), []);

  const close = () => {
    if (!busyRef.current) ref.current?.close();
  };

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      className={`admin-modal admin-modal--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // React passes a nested dialog's cancel and close events up to this one's handlers: only
      // this dialog's own close closes it (a confirmation inside a dialog must not close both).
      onCancel={(e) => {
        if (e.target === ref.current && busyRef.current) e.preventDefault();
      }}
      onClose={(e) => {
        if (e.target !== ref.current) return;
        onClose();
        returnTo.current?.focus();
      }}
      onClick={(e) => {
        if (e.target === ref.current) close();
      }}
    >
      {open && (
        <div className="admin-modal__content">
          <header className="admin-modal__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="admin-modal__close" onClick={close} disabled={busy}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close</span>
            </button>
          </header>
          {description && (
            <div id={descriptionId} className="admin-modal__description">
              {description}
            </div>
          )}
          {children && <div className="admin-modal__body">{children}</div>}
          {footer && <footer className="admin-modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
