import { useRef, type KeyboardEvent, type ReactNode } from 'react';

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
