import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster, type ToasterProps } from 'sonner';
import { topmostModal } from './topmost-modal';

/**
 * The site's one Toaster, always where the person is looking: in the page, or inside the
 * topmost open modal dialog. A modal <dialog> sits in the browser's top layer and makes
 * everything outside it inert, so a toast raised while one is open (a refused action, an
 * outbox entry set aside) would show under it and could not be dismissed. The Toaster renders
 * into a host element of our own that moves into the topmost modal while any is open and back to
 * <body> when none is; the Toaster itself never remounts, so a toast raised just before a dialog
 * closes ("Booking cancelled") stays on screen. Inside a dialog the toasts show at the top, never
 * over the dialog's buttons at its foot. `props` are sonner's.
 */
export function TopLayerToaster(props: ToasterProps) {
  // In a dialog the toasts come down from the top: at the bottom they would cover its buttons.
  const [inDialog, setInDialog] = useState(false);
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.className = 'toaster-host';
    return el;
  });

  useEffect(() => {
    const opened: HTMLDialogElement[] = [];
    const place = () => {
      const target = topmostModal(opened, document.querySelectorAll('dialog')) ?? document.body;
      if (host.parentNode !== target) target.appendChild(host);
      setInDialog(target !== document.body);
    };
    place();
    // A dialog opens or closes (its `open` attribute), or leaves the page while open (unmounted).
    const observer = new MutationObserver(place);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      host.remove();
    };
  }, [host]);

  return createPortal(<Toaster {...props} position={inDialog ? 'top-center' : props.position} />, host);
}
