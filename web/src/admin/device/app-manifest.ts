/**
 * The admin's pages link the admin app's web manifest (docs/decisions/016): the public pages
 * have no manifest, so only the back office is offered for installing, and it opens on the
 * dashboard (web/vite.config.ts). Safari on iOS reads the link when "Add to Home Screen" is
 * chosen; the apple-mobile-web-app tags give its home-screen title and full-screen start.
 */
import { useEffect } from 'react';
import { listenForInstallPrompt } from './install-prompt';
import { ADMIN_MANIFEST_HREF } from './pwa-constants';

/** Adds `<head>` element `tag` with `attrs` unless one matching `selector` exists; returns its remover. */
function ensureHeadElement(selector: string, tag: string, attrs: Record<string, string>): () => void {
  if (document.head.querySelector(selector)) return () => {};
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.head.appendChild(el);
  return () => el.remove();
}

/**
 * Links the admin manifest while an admin page is shown (login, dashboard), after starting to
 * listen for the browser's install prompt (which follows once the page is installable).
 */
export function useAdminAppManifest(): void {
  useEffect(() => {
    listenForInstallPrompt();
    const removers = [
      ensureHeadElement('link[rel="manifest"]', 'link', { rel: 'manifest', href: ADMIN_MANIFEST_HREF }),
      ensureHeadElement('meta[name="apple-mobile-web-app-capable"]', 'meta', { name: 'apple-mobile-web-app-capable', content: 'yes' }),
      ensureHeadElement('meta[name="apple-mobile-web-app-title"]', 'meta', { name: 'apple-mobile-web-app-title', content: 'Adorned Admin' }),
    ];
    return () => removers.forEach((remove) => remove());
  }, []);
}
