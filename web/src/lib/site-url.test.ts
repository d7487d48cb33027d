/**
 * The static search and sharing files (web/public/sitemap.xml, robots.txt and index.html's
 * LocalBusiness data) cannot import TypeScript, so these checks keep them in step with
 * SITE_URL, the route paths and the business facts in domain/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUSINESS } from '@domain/business';
import { PACKAGES } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { FREE_RADIUS_MILES } from '@domain/place/travel';
import { paths } from './paths';
import { SITE_URL, absoluteUrl } from './site-url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(WEB, file), 'utf8');

/** Pages worth indexing: everything but admin, one-off result pages and token links. */
const INDEXED = [paths.home, paths.services, paths.booking, paths.consultation, paths.portfolio, paths.about, paths.faq, paths.policies, paths.termsPrivacy, paths.testimonials];

describe('absoluteUrl', () => {
  it('joins the site origin and a path', () => {
    expect(absoluteUrl('/faq')).toBe(`${SITE_URL}/faq`);
    expect(absoluteUrl('faq')).toBe(`${SITE_URL}/faq`);
    expect(SITE_URL).not.toMatch(/\/$/);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every indexed public route, and only those, under SITE_URL', () => {
    const locs = [...read('public/sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(INDEXED.map(absoluteUrl).sort());
  });

  it('points crawlers at the sitemap and away from admin and result pages', () => {
    const robots = read('public/robots.txt');
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    for (const p of [paths.adminLogin.replace('login', ''), paths.setupAdmin, paths.bookingSuccess, paths.bookingCancel, paths.submitReview, paths.myBooking]) {
      expect(robots).toContain(`Disallow: ${p}`);
    }
  });
});

describe('index.html', () => {
  const html = read('index.html');
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, any>;

  it('has LocalBusiness structured data matching domain/business.ts', () => {
    expect(jsonLd.name).toBe(BUSINESS.name);
    expect(jsonLd.url).toBe(absoluteUrl('/'));
    expect(jsonLd.email).toBe(BUSINESS.email);
    expect(jsonLd.telephone).toBe(BUSINESS.phoneE164);
    expect(jsonLd.address).toMatchObject({ addressLocality: BUSINESS.town, addressRegion: BUSINESS.state, postalCode: BUSINESS.baseZip });
    expect(jsonLd.sameAs).toEqual([BUSINESS.social.url]);
  });

  it('serves the town and the free-travel radius as areaServed', () => {
    expect(jsonLd.areaServed['@type']).toBe('GeoCircle');
    expect(Number(jsonLd.areaServed.geoRadius)).toBe(Math.round(FREE_RADIUS_MILES * 1609.344));
  });

  it('states the price range of the catalogue', () => {
    const all = PACKAGES.flatMap((p) => Object.values(p.pricesCents));
    expect(jsonLd.priceRange).toBe(`${formatCents(Math.min(...all))}–${formatCents(Math.max(...all))}`);
  });

  it('uses SITE_URL for every absolute link', () => {
    const urls = [...html.matchAll(/https:\/\/[^"\s]+/g)].map((m) => m[0]).filter((u) => !u.startsWith('https://schema.org') && !u.startsWith(BUSINESS.social.url));
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url.startsWith(`${SITE_URL}/`), url).toBe(true);
  });
});
