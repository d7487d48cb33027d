/**
 * The web app's router: the part of React Router's declarative mode this app uses, in about
 * 1.5 kB gzipped instead of React Router's 13.6 kB, which every page loaded before idle
 * (docs/decisions/065; docs/architecture.md "What a page loads"). Same names and behaviour as
 * React Router's: history entries carry `{ usr: state, key }`, every location change is
 * rendered in a transition (the old page stays until the new one is ready), a Link to the
 * current location replaces rather than pushes, the first location's navigation type is POP.
 * The route table itself is app/router.tsx (`pageOf` matches a pathname with `samePath`).
 */
import { createContext, startTransition, useCallback, useContext, useLayoutEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

/** A location as React Router's `useLocation` gives it: `search` and `hash` with their '?' and '#' ('' when none). */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The state the navigation passed (`navigate(to, { state })`), null when none. */
  state: unknown;
  /** A new key per history entry, 'default' for the first. */
  key: string;
}

/** How the current location was reached: back/forward or the first load (POP), a push or a replace. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** A target: a path, absolute or relative to the current one ('?a=1', '#top'), or its parts. */
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Navigates to `to`, or moves `delta` entries through the history (-1: back). */
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

interface RouterContextValue {
  location: Location;
  navigationType: NavigationType;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook was used outside <BrowserRouter> or <StaticRouter>');
  return router;
}

/** `pathname + search + hash` of a location or target. */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Location>): string {
  return pathname + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') + (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');
}

/** `to` resolved against `from` (a path relative to it, or parts left out taken from it: only the pathname). */
function resolve(to: To, from: Location): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const href = typeof to === 'string' ? to : createPath({ pathname: to.pathname ?? from.pathname, search: to.search, hash: to.hash });
  const url = new URL(href, `http://localhost${createPath(from)}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * True when `pathname` is `routePath` as React Router matches a static route: letter case and
 * trailing slashes ignored.
 */
export function samePath(pathname: string, routePath: string): boolean {
  const trim = (p: string) => p.replace(/\/+$/, '').toLowerCase() || '/';
  return trim(pathname) === trim(routePath);
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface HistoryState {
  usr?: unknown;
  key?: string;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state ?? null) as HistoryState | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The browser's router: the location of the address bar, kept in step with pushes, replaces and back/forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ location: Location; navigationType: NavigationType }>(() => ({
    location: currentLocation(),
    navigationType: 'POP',
  }));
  const update = useCallback((navigationType: NavigationType) => {
    const location = currentLocation();
    startTransition(() => setCurrent({ location, navigationType }));
  }, []);
  useLayoutEffect(() => {
    const onPop = () => update('POP');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [update]);
  const navigate = useCallback(
    ((to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const from = currentLocation();
      const target = createPath(resolve(to, from));
      const replace = options.replace ?? false;
      const entry: HistoryState = { usr: options.state ?? null, key: newKey() };
      if (replace) window.history.replaceState(entry, '', target);
      else window.history.pushState(entry, '', target);
      update(replace ? 'REPLACE' : 'PUSH');
    }) as NavigateFunction,
    [update],
  );
  const value = useMemo(() => ({ ...current, navigate }), [current, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The prerender's router (scripts/build/prerender.mjs): one fixed location, no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterContextValue>(() => {
    const url = new URL(location, 'http://localhost');
    return {
      location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' },
      navigationType: 'POP',
      navigate: (() => {
        throw new Error('Cannot navigate while prerendering');
      }) as NavigateFunction,
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The current location. */
export function useLocation(): Location {
  return useRouter().location;
}

/** How the current location was reached. */
export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

/** A function that navigates (stable across renders). */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

type SearchInit = URLSearchParams | Record<string, string> | string;

/**
 * The current query and a setter that navigates to the same path with a new one (the hash
 * dropped, as React Router does); the setter takes the new query or a function of the current one.
 */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next;
      const search = new URLSearchParams(init).toString();
      navigate({ search: search ? `?${search}` : '' }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load rather than a client-side navigation. */
  reloadDocument?: boolean;
}

/**
 * An anchor that navigates without reloading the page: a plain left click with no modifier key
 * and no other target; any other click (new tab, download) is the browser's own.
 */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = typeof to === 'string' ? to : createPath({ pathname: to.pathname ?? location.pathname, search: to.search, hash: to.hash });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const here = createPath(location) === createPath(resolve(to, location));
    navigate(to, { replace: replace ?? here, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on its own path, not on the paths under it. */
  end?: boolean;
}

/** A Link marked `aria-current="page"` while its path (or, without `end`, a path under it) is shown. */
export function NavLink({ end, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const toPath = (typeof props.to === 'string' ? new URL(props.to, 'http://localhost').pathname : (props.to.pathname ?? pathname)).toLowerCase();
  const here = pathname.toLowerCase();
  const active = samePath(here, toPath) || (!end && toPath !== '/' && here.startsWith(`${toPath.replace(/\/+$/, '')}/`));
  return <Link aria-current={active ? 'page' : undefined} {...props} />;
}
