import { useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open page asks the server for a new version (ms): the installed admin stays open for days. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Service-worker update prompt: a new version is announced and applied only when the user
 * chooses to reload, never by itself (not mid-booking, not in the middle of an admin's note).
 * That includes a version another tab activated: vite-plugin-pwa would then reload this page
 * at once; here it only shows the prompt (docs/decisions/016).
 */
export function UpdatePrompt() {
  const reloadChosen = useRef(false);
  const [activatedElsewhere, setActivatedElsewhere] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onNeedReload() {
      if (reloadChosen.current) window.location.reload();
      else setActivatedElsewhere(true);
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && document.visibilityState === 'visible') void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh && !activatedElsewhere) return null;
  const reload = () => {
    reloadChosen.current = true;
    // A version another tab activated is already in control: only this page is old.
    if (activatedElsewhere) window.location.reload();
    else void updateServiceWorker(true);
  };
  const later = () => {
    setNeedRefresh(false);
    setActivatedElsewhere(false);
  };
  return (
    <div className="update-prompt" role="status">
      <span>A new version of this site is available.</span>
      <button type="button" className="button button--primary" onClick={reload}>
        Reload
      </button>
      <button type="button" className="button" onClick={later}>
        Later
      </button>
    </div>
  );
}
