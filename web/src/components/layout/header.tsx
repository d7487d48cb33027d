import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { Link, NavLink, useLocation } from '@/lib/router';
import { BUSINESS } from '@domain/business';
import { paths } from '@/lib/paths';
import { POLICY_SECTIONS, SERVICE_SECTIONS, type SiteSection } from '@/lib/site-sections';
import { BrandMark } from './brand-mark';
import './header.css';

/** Wide layout with hover dropdowns; below it the toggle menu. Keep in step with header.css. */
const WIDE_QUERY = '(min-width: 1000px)';
/** docs/product.md §2: submenus open 100 ms after the pointer arrives. */
const HOVER_OPEN_DELAY_MS = 100;

type GroupId = 'services' | 'policies';

const isWide = () => window.matchMedia(WIDE_QUERY).matches;

/**
 * Sticky site header (docs/product.md §2 Header and footer): the main links, the Services & Pricing and
 * Policies dropdowns with their section anchors, and the Book Your Service button. On narrow
 * screens a Menu toggle opens the same links as a stacked panel with collapsible groups.
 * The current route is marked with aria-current (NavLink) and highlighted.
 */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<GroupId | null>(null);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Any navigation (a link, back/forward) closes the menu and the dropdowns.
  const { key } = useLocation();
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    setMenuOpen(false);
    setOpenGroup(null);
  }

  // A tap or click outside the header closes whatever is open (touch has no "leave").
  useEffect(() => {
    if (!menuOpen && !openGroup) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) {
        setMenuOpen(false);
        setOpenGroup(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen, openGroup]);

  const onHeaderKeyDown = (event: KeyboardEvent) => {
    // Groups handle their own Escape first; this one closes the narrow-screen menu.
    if (event.key === 'Escape' && menuOpen && !event.defaultPrevented) {
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
  };

  // Choosing a link closes the menu even when it points at the page already shown.
  const onNavClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) {
      setMenuOpen(false);
      setOpenGroup(null);
    }
  };

  const groupProps = (id: GroupId) => ({
    id,
    open: openGroup === id,
    onOpenChange: (open: boolean) => setOpenGroup((current) => (open ? id : current === id ? null : current)),
  });

  return (
    <header className="site-header" ref={headerRef} onKeyDown={onHeaderKeyDown}>
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand">
          <BrandMark />
          <span>{BUSINESS.name}</span>
        </Link>
        <button ref={toggleRef} type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="site-nav" onClick={() => setMenuOpen((open) => !open)}>
          <span className="menu-toggle__icon" aria-hidden="true" />
          Menu
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main" data-open={menuOpen} onClick={onNavClick}>
          <ul className="nav-list">
            <li>
              <NavLink to={paths.home} end className="nav-link">
                Home
              </NavLink>
            </li>
            <NavGroup {...groupProps('services')} label="Services & Pricing" to={paths.services} sections={SERVICE_SECTIONS} />
            <NavGroup {...groupProps('policies')} label="Policies" to={paths.policies} sections={POLICY_SECTIONS} />
            <li>
              <NavLink to={paths.portfolio} className="nav-link">
                Portfolio
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.about} className="nav-link">
                About
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.faq} className="nav-link">
                FAQ
              </NavLink>
            </li>
          </ul>
          <NavLink to={paths.booking} className="button button--primary site-nav__book">
            Book Your Service
          </NavLink>
        </nav>
      </div>
    </header>
  );
}

interface NavGroupProps {
  id: GroupId;
  label: string;
  to: string;
  sections: readonly SiteSection[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A top-level link with a disclosure button and its list of section anchors (the WAI-ARIA
 * "disclosure navigation" pattern: plain links, no menu roles). Wide screens: opens on hover
 * after the delay, closes on leave. Keyboard: Enter/Space on the button toggles, ArrowDown on
 * the link or button opens and focuses the first anchor, arrows move, Escape closes and returns
 * focus to the button. Touch: the button toggles.
 */
function NavGroup({ id, label, to, sections, open, onOpenChange }: NavGroupProps) {
  const timer = useRef<number | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = `nav-${id}-sections`;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const byMouseOnWide = (event: PointerEvent) => event.pointerType === 'mouse' && isWide();

  const onPointerEnter = (event: PointerEvent) => {
    if (!byMouseOnWide(event)) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onOpenChange(true), HOVER_OPEN_DELAY_MS);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (!byMouseOnWide(event)) return;
    window.clearTimeout(timer.current);
    onOpenChange(false);
  };

  const focusAnchor = (index: number) => {
    const links = listRef.current?.querySelectorAll('a');
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  const openAndFocus = (index: number) => {
    if (open) {
      focusAnchor(index);
      return;
    }
    onOpenChange(true);
    // The list is hidden until the next render.
    requestAnimationFrame(() => focusAnchor(index));
  };

  const close = (event: KeyboardEvent) => {
    event.preventDefault();
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(-1);
    } else if (event.key === 'Escape' && open) {
      close(event);
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAnchor(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAnchor(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAnchor(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAnchor(-1);
    } else if (event.key === 'Escape') {
      close(event);
    }
  };

  // Tabbing out of an open dropdown closes it (wide layout only: in the stacked menu an
  // expanded group stays expanded while the visitor moves on).
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (open && isWide() && !event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
  };

  return (
    <li className="nav-group" data-open={open} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onBlur={onBlur}>
      <div className="nav-group__row">
        <NavLink to={to} className="nav-link" onKeyDown={onTriggerKeyDown}>
          {label}
        </NavLink>
        <button
          ref={buttonRef}
          type="button"
          className="nav-group__toggle"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`${label} sections`}
          onClick={() => onOpenChange(!open)}
          onKeyDown={onTriggerKeyDown}
        >
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2 4.5 6 8.5 10 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      <ul id={listId} ref={listRef} className="nav-group__menu" hidden={!open} onKeyDown={onListKeyDown}>
        {sections.map((section) => (
          <li key={section.id}>
            <Link to={`${to}#${section.id}`}>{section.label}</Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
