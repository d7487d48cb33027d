import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Service-worker update prompt: a new version is announced and applied only when the user
 * chooses to reload (never an automatic reload mid-booking).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version of this site is available.</span>
      <button type="button" className="button button--primary" onClick={() => void updateServiceWorker(true)}>Reload</button>
      <button type="button" className="button" onClick={() => setNeedRefresh(false)}>Later</button>
    </div>
  );
}
