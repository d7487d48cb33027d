/**
 * The public origin of the site: canonical links, Open Graph URLs, the sitemap and the
 * structured data all use it (site-url.test.ts keeps web/public/sitemap.xml, robots.txt and
 * index.html in step with it).
 */
export const SITE_URL = 'https://www.thoughtfullyadorned.com';

/** The absolute URL of a site path ("/services" → "https://…/services"). */
export function absoluteUrl(path: string): string {
  return `${SITE_URL}${path.startsWith('/') ? path : `/${path}`}`;
}
