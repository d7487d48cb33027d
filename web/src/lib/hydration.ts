/**
 * What a prerendered page needs so that React's first client render, the one that hydrates the
 * HTML written at build time (scripts/prerender.mjs), produces exactly that HTML: anything
 * that differs between the build machine and the browser (the clock, the browser's storage, a
 * component loaded on demand) must take its server value while hydrating and its browser value
 * right after. useSyncExternalStore gives that split: React reads getServerSnapshot on the
 * server and while hydrating, getSnapshot otherwise, and re-renders when the two differ.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The instant (ms since the epoch) a prerendered page was rendered at, or null when the page
 * is not hydrating prerendered HTML. The server render provides it (entry-server.tsx), and the
 * client reads it back from `<div id="root" data-rendered-at>` (main.tsx).
 */
export const RenderedAtContext = createContext<number | null>(null);

const HOUR_MS = 60 * 60 * 1000;
const noSubscribe = () => () => undefined;
// Whole hours, so consecutive reads agree (React requires a stable snapshot); texts that use it
// change by the day (the season's windows, the year).
const browserNow = () => Math.floor(Date.now() / HOUR_MS) * HOUR_MS;

/**
 * The current instant in ms for text that depends on the date (the season being sold, the
 * copyright year): the render's instant while a prerendered page hydrates, else the browser's
 * clock (to the hour). Never call `new Date()` in a component that a prerendered page renders.
 */
export function useNow(): number {
  const renderedAt = useContext(RenderedAtContext);
  return useSyncExternalStore(noSubscribe, browserNow, () => renderedAt ?? browserNow());
}

/**
 * False on the server and while hydrating, true from the render after (and at once in a page
 * that is not hydrating). For parts that exist only in the browser: they appear right after
 * hydration instead of making the first client render differ from the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
