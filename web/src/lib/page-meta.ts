import { createContext, useContext, useEffect } from 'react';
import { useLocation } from '@/lib/router';
import { BUSINESS } from '@domain/business';
import { absoluteUrl } from './site-url';

/** The image social networks show for a shared page (1200 × 630, made by scripts/images/make-images.mjs). */
export const DEFAULT_SHARE_IMAGE = '/images/og-image.jpg';

export interface PageMetaOptions {
  /** Canonical path of the page; defaults to the current path (without query or hash). */
  path?: string;
  /** Site path of the share image; defaults to DEFAULT_SHARE_IMAGE. */
  image?: string;
  /** Keeps search engines away (e.g. admin and one-off result pages). */
  noindex?: boolean;
}

/** One `<meta>` of a page: `<meta {attr}="{key}" content="{content}">`. */
export interface MetaTag {
  attr: 'name' | 'property';
  key: string;
  content: string;
}

/** Everything a page sets in the document head: its title, canonical URL and meta tags. */
export interface PageHead {
  title: string;
  canonical: string;
  meta: MetaTag[];
}

/**
 * The head of a page: the full title (the page's own name with the business name appended; an
 * empty title gives the home page's title), its canonical URL and the description, Open Graph,
 * Twitter and robots tags. Without a description the description tags are left out, so the
 * document keeps index.html's default.
 */
export function pageHead(title: string, description: string | undefined, options: PageMetaOptions, pathname: string): PageHead {
  const { path, image = DEFAULT_SHARE_IMAGE, noindex = false } = options;
  const fullTitle = title ? `${title} | ${BUSINESS.name}` : `${BUSINESS.name} – Christmas Tree Decorating in ${BUSINESS.town}, Maryland`;
  const url = absoluteUrl(path ?? pathname);
  const meta: MetaTag[] = [
    { attr: 'property', key: 'og:title', content: fullTitle },
    { attr: 'name', key: 'twitter:title', content: fullTitle },
    { attr: 'property', key: 'og:url', content: url },
    { attr: 'property', key: 'og:image', content: absoluteUrl(image) },
    { attr: 'name', key: 'twitter:image', content: absoluteUrl(image) },
  ];
  if (description) {
    meta.push(
      { attr: 'name', key: 'description', content: description },
      { attr: 'property', key: 'og:description', content: description },
      { attr: 'name', key: 'twitter:description', content: description },
    );
  }
  meta.push({ attr: 'name', key: 'robots', content: noindex ? 'noindex' : 'index, follow' });
  return { title: fullTitle, canonical: url, meta };
}

/**
 * Receives the page's head during a server render (web/src/entry-server.tsx), where effects do
 * not run, so the prerendered HTML carries each page's own title and tags. Null in the browser.
 */
export const PageHeadSink = createContext<((head: PageHead) => void) | null>(null);

function setMeta({ attr, key, content }: MetaTag): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.append(tag);
  }
  tag.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

/**
 * Sets the document title, meta description, canonical link and Open Graph / Twitter tags for
 * the current route (see pageHead). In the browser after each render; on the server (prerender)
 * during the render, through PageHeadSink.
 */
export function usePageMeta(title: string, description?: string, options: PageMetaOptions = {}): void {
  const { path, image, noindex } = options;
  const { pathname } = useLocation();
  const sink = useContext(PageHeadSink);
  // Only the server render has a sink; it renders once and runs no effects.
  if (sink) sink(pageHead(title, description, options, pathname));
  useEffect(() => {
    const head = pageHead(title, description, { path, image, noindex }, pathname);
    document.title = head.title;
    head.meta.forEach(setMeta);
    setCanonical(head.canonical);
  }, [title, description, path, image, noindex, pathname]);
}
