import { useEffect } from 'react';
import { useLocation } from '@/lib/router';
import { isAdminPath } from '@domain/admin/admin-links';

// Module-level so React StrictMode's second effect run (development only) is not a second view.
let lastPath: string | null = null;

/** Runs `task` when the main thread is idle (soon, but after the page has rendered). */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 200);
}

/**
 * Records a `page_view` for the first page and for every later route change (docs/product.md §2 "Every
 * page records a page_view analytics event on load"). A change of hash or query alone, such as
 * a jump to a section, is not a new page. The admin's pages record nothing: the owner at work
 * is not a visitor (docs/decisions/039).
 *
 * The recorder (and its user-agent rules) is loaded on idle, off the critical path of the first
 * render; the query is captured now so the landing page's UTM tags are not lost meanwhile.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (lastPath === pathname) return;
    lastPath = pathname;
    if (isAdminPath(pathname)) return;
    whenIdle(() => {
      void import('./analytics').then(({ recordEvent }) => recordEvent('page_view', pathname, { search }));
    });
    // A query change alone runs this again but is not a page view: the path is the same.
  }, [pathname, search]);
}
