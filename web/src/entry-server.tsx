/**
 * The server entry of the web app, built by Vite's SSR build and run by node at build time
 * (scripts/build/prerender.mjs; docs/decisions/019-server-prerender.md): renders a public page to
 * HTML with React's own server renderer, no browser involved. The browser then hydrates that
 * HTML (main.tsx) with the same tree (app/app.tsx).
 */
import '@domain/zod-config';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from '@/lib/router';
import { App } from './app/app';
import { paths } from '@/lib/paths';
import { pageModuleSource, preloadPage } from './app/router';
import { PageHeadSink, type PageHead } from './lib/page-meta';

/**
 * The pages prerendered at build time: those whose first paint does not depend on the visitor
 * (no session, no query). /booking is its first step, /consultation and /testimonials their
 * shells (the calendar, the slots and the reviews load after hydration), /my-booking its loading
 * state (the booking loads with the link's token after hydration).
 */
export const PRERENDER_ROUTES: readonly string[] = [
  paths.home,
  paths.services,
  paths.booking,
  paths.consultation,
  paths.portfolio,
  paths.testimonials,
  paths.about,
  paths.faq,
  paths.policies,
  paths.termsPrivacy,
  paths.myBooking,
];

/** A rendered page: the markup of #root, the page's head (null if it sets none) and its module. */
export interface RenderedPage {
  html: string;
  head: PageHead | null;
  /** The page's route module as Vite's manifest names it (its stylesheets are looked up by it). */
  module: string | undefined;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  // Whole bytes first: a character may be split between two chunks.
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders `url` (a path, e.g. '/services') as it would be at `renderedAt` (ms since the epoch;
 * date-dependent text such as the season's windows uses it). Waits for every lazy part, so the
 * HTML is complete. Throws on any render error: a page that cannot render must fail the build.
 */
export async function render(url: string, renderedAt: number): Promise<RenderedPage> {
  const pathname = new URL(url, 'http://localhost').pathname;
  await preloadPage(pathname);
  let head: PageHead | null = null;
  const errors: unknown[] = [];
  const tree: ReactNode = (
    <PageHeadSink.Provider value={(h) => (head = h)}>
      <StaticRouter location={url}>
        <App renderedAt={renderedAt} />
      </StaticRouter>
    </PageHeadSink.Provider>
  );
  const { prelude } = await prerenderToNodeStream(tree, {
    onError: (error) => void errors.push(error),
    // Never outline a large boundary (React would stream it after the shell with an inline
    // script, which the Content-Security-Policy refuses): the page is complete in one piece.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await streamToString(prelude);
  if (errors.length) throw new AggregateError(errors, `${url} failed to render: ${errors.map(String).join('; ')}`);
  return { html, head, module: pageModuleSource(pathname) };
}
