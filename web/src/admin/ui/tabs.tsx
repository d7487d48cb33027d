import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<T extends string> {
  id: T;
  label: string;
}

interface TabBarProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabDef<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Prefix of the tab and panel ids (unique on the page). */
  idPrefix: string;
  className?: string;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string) => `${prefix}-panel`;

/**
 * WAI-ARIA tabs: one tab stop (the selected tab), arrow keys, Home and End move between tabs
 * and select them. Every tab is at least 44 px tall (admin.css).
 */
export function TabBar<T extends string>({ label, tabs, value, onChange, idPrefix, className = '' }: TabBarProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === value);
    const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`admin-tabs ${className}`} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.id}
          ref={(el) => {
            if (el) refs.current.set(t.id, el);
            else refs.current.delete(t.id);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, t.id)}
          aria-selected={t.id === value}
          aria-controls={panelId(idPrefix)}
          tabIndex={t.id === value ? 0 : -1}
          className="admin-tabs__tab"
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** A tab bar with its one panel (the selected tab's content). */
export function SubTabs<T extends string>({ children, ...bar }: TabBarProps<T> & { children: ReactNode }) {
  return (
    <>
      <TabBar {...bar} className="admin-tabs--sub" />
      <div role="tabpanel" id={panelId(bar.idPrefix)} aria-labelledby={tabId(bar.idPrefix, bar.value)} className="admin-subpanel">
        {children}
      </div>
    </>
  );
}

/**
 * The dashboard's main tab bar (docs/product.md §2 Admin dashboard). On a phone its one row
 * scrolls sideways: while tabs lie beyond an edge, that edge fades and shows an arrow, so the
 * owner sees that Reviews, Schedule and Settings exist. The arrows scroll the row by a screen
 * (for touch and mouse; the keyboard's arrow keys already move through every tab, and screen
 * readers read every tab, so they are hidden from both). The selected tab is kept in view.
 */
export function TabStrip<T extends string>(props: TabBarProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const list = box.current?.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, []);
  useEffect(() => {
    const list = box.current?.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [props.value]);
  const scroll = (dir: 1 | -1) => {
    const list = box.current?.querySelector<HTMLElement>('[role="tablist"]');
    list?.scrollBy({ left: dir * list.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <div ref={box} className="admin-tabstrip" data-more-start={more.start} data-more-end={more.end}>
      <TabBar {...props} />
      {more.start && (
        <button type="button" className="admin-tabstrip__arrow admin-tabstrip__arrow--start" aria-hidden="true" tabIndex={-1} onClick={() => scroll(-1)}>
          ‹
        </button>
      )}
      {more.end && (
        <button type="button" className="admin-tabstrip__arrow admin-tabstrip__arrow--end" aria-hidden="true" tabIndex={-1} onClick={() => scroll(1)}>
          ›
        </button>
      )}
    </div>
  );
}
