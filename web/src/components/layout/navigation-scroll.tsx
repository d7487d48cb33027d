import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@/lib/router';

// The target section may belong to a page chunk that is still loading; look for ~2 s.
const MAX_FRAMES = 120;

/**
 * Scroll position after client-side navigations:
 * - a URL with a hash scrolls to that element (also on a second click of the same anchor, since
 *   each navigation has a new `key`) and moves keyboard focus to it, so keyboard and
 *   screen-reader users continue from the section they chose. The router does not do this for
 *   pages whose chunk is still loading;
 * - a new page (another path) without a hash starts at the top; a query change on the same
 *   page keeps its position, and back/forward (POP) is left to the browser.
 */
export function NavigationScroll() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const lastPath = useRef(pathname);
  useEffect(() => {
    const newPage = lastPath.current !== pathname;
    lastPath.current = pathname;
    if (!hash || hash === '#') {
      if (newPage && navigationType !== 'POP') window.scrollTo(0, 0);
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (!target) {
        if (tries++ < MAX_FRAMES) frame = requestAnimationFrame(attempt);
        return;
      }
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key, navigationType]);
  return null;
}
