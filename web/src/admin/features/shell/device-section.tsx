import { promptInstall, useInstallOffer } from '@/admin/device/install-prompt';
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

/** The header's install button, only while the browser offers an install. */
export function InstallButton() {
  const offer = useInstallOffer();
  if (offer !== 'prompt') return null;
  return (
    <button type="button" className="button" onClick={() => void promptInstall()}>
      Install App
    </button>
  );
}
