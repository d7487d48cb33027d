/**
 * What a prerendered page needs so that React's first client render, the one that hydrates the
 * HTML written at build time (scripts/build/prerender.mjs), produces exactly that HTML: anything
 * that differs between the build machine and the browser (the clock, the browser's storage, a
 * component loaded on demand) must take its server value while hydrating and its browser value
 * right after. useSyncExternalStore gives that split: React reads getServerSnapshot on the
 * server and while hydrating, getSnapshot otherwise, and re-renders when the two differ.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { businessToday, type Ymd } from '@domain/schedule/calendar';

/**
 * The instant (ms since the epoch) a prerendered page was rendered at, or null when the page
 * is not hydrating prerendered HTML. The server render provides it (entry-server.tsx), and the
 * client reads it back from `<div id="root" data-rendered-at>` (main.tsx).
 */
export const RenderedAtContext = createContext<number | null>(null);

const noSubscribe = () => () => undefined;
const browserToday = () => businessToday(new Date());

/**
 * Today in New York, the business's calendar ('2026-11-20'), for text that depends on the date
 * (the season being sold, the copyright year): the day the page was rendered while a
 * prerendered page hydrates, else the browser's clock. When the two differ React renders the
 * users of this hook again right after hydration, so keep them small. Never call `new Date()` in
 * a component that a prerendered page renders.
 */
export function useBusinessToday(): Ymd {
  const renderedAt = useContext(RenderedAtContext);
  return useSyncExternalStore(noSubscribe, browserToday, () => (renderedAt === null ? browserToday() : businessToday(new Date(renderedAt))));
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

/**
 * Renders `children` only in the browser, from right after hydration. A component of its own,
 * so that only it renders again then, not the component that holds it (a synchronous render of
 * a whole page would be one long task).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
