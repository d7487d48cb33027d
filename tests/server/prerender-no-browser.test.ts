/**
 * The public pages are prerendered without a browser (docs/decisions/017, docs/decisions/019): the web
 * app is built in a process where no Chromium can be found (CHROME_PATH and Playwright's
 * browser folder point nowhere, and no folder on PATH holds a Chrome or Chromium), and the
 * real PocketBase server, serving that build, answers /, /services, /booking, /consultation and
 * /testimonials with HTML that already holds each page's heading, title and description, and
 * for Home and Services the package prices of docs/product.md §9, before any JavaScript runs.
 *
 * With BUILT_WITHOUT_BROWSER=1 the build under test is web/dist itself: `npm test` made it with
 * no browser to be found (scripts/dev/test.mjs), and this worker's shared server serves it.
 * Otherwise the test builds the web app into a temp folder that way (about a minute) and starts
 * a server of its own on it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, run } from '../../scripts/lib/run.mjs';
import { startServer, type RunningServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW } from './constants';
import { baseUrl, template } from './support';

const BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

/** PATH without any folder that holds a Chrome or Chromium executable. */
function pathWithoutBrowsers(): string {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !BROWSERS.some((b) => existsSync(path.join(dir, b))))
    .join(path.delimiter);
}

/** The text a page shows without scripts: markup, comments and script blocks removed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** The text of the page's <h1>. */
function heading(html: string): string | undefined {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return h1?.[1] && visibleText(h1[1]).trim();
}

let outDir = '';
let dataDir = '';
let server: RunningServer | null = null;
const pages = new Map<string, string>();

/** The page at `route` of `base`, which must answer 200 with HTML. */
async function fetchPage(base: string, route: string): Promise<string> {
  const res = await fetch(`${base}${route}`);
  expect(res.status, route).toBe(200);
  expect(res.headers.get('content-type'), route).toContain('text/html');
  return res.text();
}

const ROUTES = ['/', '/services', '/booking', '/consultation', '/testimonials'];

beforeAll(async () => {
  if (process.env.BUILT_WITHOUT_BROWSER === '1') {
    expect(existsSync(path.join(ROOT, 'web', 'dist', '_prerendered')), 'web/dist/_prerendered').toBe(true);
    for (const route of ROUTES) pages.set(route, await fetchPage(baseUrl(), route));
    return;
  }
  outDir = mkdtempSync(path.join(os.tmpdir(), 'web-no-browser-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-no-browser-'));
  const nowhere = path.join(outDir, 'no-browser-here');
  await run(process.execPath, [path.join(ROOT, 'scripts', 'build', 'build-web.mjs'), outDir], {
    quiet: true,
    env: { ...process.env, PATH: pathWithoutBrowsers(), CHROME_PATH: path.join(nowhere, 'chromium'), CHROMIUM_PATH: path.join(nowhere, 'chromium'), PLAYWRIGHT_BROWSERS_PATH: nowhere },
  });
  server = await startServer({ dataDir, template: template(), publicDir: outDir, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off' } });
  for (const route of ROUTES) pages.set(route, await fetchPage(server.url, route));
}, 300_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of [outDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const page = (route: string): string => pages.get(route) ?? '';

describe('a build where no Chromium can be found', () => {
  it('serves each page with its heading in the raw HTML', () => {
    expect(heading(page('/'))).toBe('Your holidays at home, thoughtfully adorned.');
    expect(heading(page('/services'))).toBe('Services & Pricing');
    expect(heading(page('/booking'))).toBe('Book Your Service');
    expect(heading(page('/consultation'))).toBe('Request a Free Consultation');
    expect(heading(page('/testimonials'))).toBe('Testimonials');
  });

  it('gives each page its own title and description in the head', () => {
    const title = (route: string) => /<title>([^<]*)<\/title>/.exec(page(route))?.[1];
    expect(title('/services')).toBe('Services &amp; Pricing | Thoughtfully Adorned');
    expect(title('/consultation')).toBe('Request a Free Consultation | Thoughtfully Adorned');
    expect(title('/testimonials')).toBe('Testimonials | Thoughtfully Adorned');
    expect(page('/booking')).toContain('<meta name="description" content="Choose a package and tree size, pick your installation and removal dates, and pay a 50% deposit online." />');
    expect(page('/testimonials')).toContain('<meta property="og:url" content="https://www.thoughtfullyadorned.com/testimonials" />');
  });

  it('shows the packages with their starting prices on Home (docs/product.md §9)', () => {
    const text = visibleText(page('/'));
    expect(text).toMatch(/Adorned Arrangement from \$300 /);
    expect(text).toMatch(/Elevated Arbor from \$900 /);
    expect(text).toMatch(/Curated Christmas from \$1,000 /);
  });

  it('shows every package price by tree size on Services (docs/product.md §9)', () => {
    const text = visibleText(page('/services'));
    for (const price of ['$300', '$600', '$900', '$1,650', '$2,400', '$1,000', '$1,850', '$2,700']) expect(text).toContain(` ${price}`);
    expect(text).toContain('Most Popular');
    expect(text).toContain('Total includes $150 removal service');
  });

  it('prerenders the consultation form and the testimonial filters, the live parts loading later', () => {
    const consultation = visibleText(page('/consultation'));
    expect(consultation).toContain('Choose a Wednesday and a time');
    expect(consultation).toContain('Loading the calendar…');
    expect(page('/consultation')).toMatch(/<input[^>]*id="consultation-customerName"/);
    expect(page('/consultation')).toMatch(/<input[^>]*id="consultation-customerEmail"/);
    expect(consultation).toContain('Request Consultation');
    const testimonials = page('/testimonials');
    expect(testimonials).toMatch(/<select id="filter-rating"/);
    expect(testimonials).toMatch(/<select id="filter-stage"/);
    expect(visibleText(testimonials)).toContain('Loading reviews…');
  });

  it('hydrates the prerendered markup: the app starts after the first paint, with no inline script', () => {
    for (const [route, html] of pages) {
      expect(html, route).toMatch(/<div id="root" data-rendered-at="\d{4}-\d\d-\d\dT[^"]+"><a class="skip-link"/);
      expect(html, route).toMatch(/<script src="\/start-app\.js" data-entry="\/assets\/index-[\w-]+\.js" defer><\/script>/);
      expect(html.match(/<script(?![^>]*(?:src=|type="application\/ld\+json"))[^>]*>/g) ?? [], route).toEqual([]);
    }
  });
});
