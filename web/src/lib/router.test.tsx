import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createPath, Link, NavLink, samePath, StaticRouter, useLocation, useNavigationType, useSearchParams } from './router';

/** The markup of `children` rendered at `location` by the prerender's router. */
const at = (location: string, children: React.ReactNode) => renderToStaticMarkup(<StaticRouter location={location}>{children}</StaticRouter>);

function Where() {
  const { pathname, search, hash, state, key } = useLocation();
  const [params] = useSearchParams();
  return <output>{JSON.stringify({ pathname, search, hash, state, key, type: useNavigationType(), tab: params.get('tab') })}</output>;
}

describe('the app’s router (docs/decisions/065)', () => {
  it('matches a static path as React Router did: letter case and trailing slashes ignored', () => {
    expect(samePath('/booking', '/booking')).toBe(true);
    expect(samePath('/Booking/', '/booking')).toBe(true);
    expect(samePath('/', '/')).toBe(true);
    expect(samePath('//', '/')).toBe(true);
    expect(samePath('/booking-success', '/booking')).toBe(false);
    expect(samePath('/my-booking/link', '/my-booking')).toBe(false);
  });

  it('writes a path from its parts, with or without the leading ? and #', () => {
    expect(createPath({ pathname: '/services', search: 'a=1', hash: 'packages' })).toBe('/services?a=1#packages');
    expect(createPath({ pathname: '/booking', search: '?', hash: '#' })).toBe('/booking');
    expect(createPath({})).toBe('/');
  });

  it('gives the location of the prerendered URL, its query and the first navigation type', () => {
    const shown = at('/admin/dashboard?tab=bookings#list', <Where />);
    expect(JSON.parse(shown.replace(/<\/?output>/g, '').replace(/&quot;/g, '"'))).toEqual({
      pathname: '/admin/dashboard',
      search: '?tab=bookings',
      hash: '#list',
      state: null,
      key: 'default',
      type: 'POP',
      tab: 'bookings',
    });
  });

  it('renders links as anchors with their target as href', () => {
    expect(at('/', <Link to="/services#packages">Packages</Link>)).toBe('<a href="/services#packages">Packages</a>');
    expect(at('/booking', <Link to={{ search: '?package=elevated-arbor' }}>Elevated</Link>)).toBe('<a href="/booking?package=elevated-arbor">Elevated</a>');
  });

  it('marks the link of the page shown with aria-current, the home link only on the home page', () => {
    const nav = (
      <>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/my-booking">Manage</NavLink>
      </>
    );
    expect(at('/', nav)).toBe('<a aria-current="page" href="/">Home</a><a href="/my-booking">Manage</a>');
    expect(at('/my-booking/link', nav)).toBe('<a href="/">Home</a><a aria-current="page" href="/my-booking">Manage</a>');
    expect(at('/my-booking-x', nav)).toBe('<a href="/">Home</a><a href="/my-booking">Manage</a>');
    expect(at('/My-Booking/', nav)).toBe('<a href="/">Home</a><a aria-current="page" href="/my-booking">Manage</a>');
  });

  it('refuses a router hook outside a router', () => {
    expect(() => renderToStaticMarkup(<Where />)).toThrow(/outside <BrowserRouter> or <StaticRouter>/);
  });
});
