import { useState } from 'react';
import { createPortal } from 'react-dom';
import { markInstalled, promptInstall, runsInstalled, useInstallOffer } from '@/admin/device/install-prompt';
import { Modal } from '@/admin/ui/modal';
import { STORAGE_PERSISTENCE_TEXT, type StoragePersistence } from '@/admin/device/storage-persistence';

/**
 * "This device" (docs/decisions/016): whether the offline copy is kept (the answer to
 * navigator.storage.persist(), asked after login), and installing the app: the browser's own
 * prompt where it offers one, else on iPhone and iPad Safari's "Add to Home Screen" hint.
 */
export function DeviceSection({ storage }: { storage: StoragePersistence }) {
  const offer = useInstallOffer();
  return (
    <section className="admin-section" aria-label="This device">
      <h3>This device</h3>
      <p className="admin-device__storage" data-storage={storage}>
        {STORAGE_PERSISTENCE_TEXT[storage]}
      </p>
      {offer === 'prompt' && (
        <p>
          <button type="button" className="button button--primary" onClick={() => void promptInstall()}>
            Install the app
          </button>
        </p>
      )}
      {offer === 'ios_hint' && <p className="admin-device__hint">To install the app on this iPhone or iPad: tap Share in Safari, then “Add to Home Screen”.</p>}
    </section>
  );
}

/**
 * 'Install the app' (the admin menu and the Overview's first-run checklist; docs/decisions/059):
 * the browser's own prompt where it offers one, else a dialog with the steps for this device
 * (Safari's 'Add to Home Screen' on iPhone and iPad, the browser menu's 'Install app'
 * elsewhere) and 'I have installed it', which ticks the checklist. Not shown when the app
 * already runs installed.
 */
export function InstallAppButton({ className = 'button' }: { className?: string }) {
  const offer = useInstallOffer();
  const [open, setOpen] = useState(false);
  if (runsInstalled()) return null;
  const install = async () => {
    if (offer !== 'prompt') return setOpen(true);
    if (await promptInstall()) markInstalled();
  };
  return (
    <>
      <button type="button" className={className} onClick={() => void install()}>
        Install the app
      </button>
      {/* On the body: the menu that holds the button folds away on a phone. */}
      {open &&
        createPortal(
          <Modal
            open={open}
            onClose={() => setOpen(false)}
            title="Install the app"
            description="The admin app opens from your home screen like any other app, and works offline at a customer's door."
            footer={
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  markInstalled();
                  setOpen(false);
                }}
              >
                I have installed it
              </button>
            }
          >
            <ul className="admin-install-steps">
              <li>
                <strong>iPhone or iPad:</strong> open this page in Safari, tap Share, then “Add to Home Screen”.
              </li>
              <li>
                <strong>Android:</strong> in Chrome, open the menu (⋮) and choose “Install app” or “Add to Home screen”.
              </li>
              <li>
                <strong>Computer:</strong> in Chrome or Edge, click the install icon at the right of the address bar, or choose “Install” in the browser’s menu.
              </li>
            </ul>
          </Modal>,
          document.body,
        )}
    </>
  );
}
