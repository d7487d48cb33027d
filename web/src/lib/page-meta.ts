import { useEffect } from 'react';
import { BUSINESS } from '@domain/business';
import { absoluteUrl } from './site-url';

/** The image social networks show for a shared page (1200 × 630, made by scripts/make-images.mjs). */
export const DEFAULT_SHARE_IMAGE = '/images/og-image.jpg';

export interface PageMetaOptions {
  /** Canonical path of the page; defaults to the current path (without query or hash). */
  path?: string;
  /** Site path of the share image; defaults to DEFAULT_SHARE_IMAGE. */
  image?: string;
  /** Keeps search engines away (e.g. admin and one-off result pages). */
  noindex?: boolean;
}

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
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
 * the current route. `title` is the page's own name (the business name is appended; an empty
 * title gives the home page's title). Without a description the previous one stays, so pages
 * that pass none keep index.html's default.
 */
export function usePageMeta(title: string, description?: string, options: PageMetaOptions = {}): void {
  const { path, image = DEFAULT_SHARE_IMAGE, noindex = false } = options;
  useEffect(() => {
    const fullTitle = title ? `${title} | ${BUSINESS.name}` : `${BUSINESS.name} – Christmas Tree Decorating in ${BUSINESS.town}, Maryland`;
    const url = absoluteUrl(path ?? window.location.pathname);
    document.title = fullTitle;
    setMeta('property', 'og:title', fullTitle);
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', absoluteUrl(image));
    setMeta('name', 'twitter:image', absoluteUrl(image));
    setCanonical(url);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
      setMeta('name', 'twitter:description', description);
    }
    setMeta('name', 'robots', noindex ? 'noindex' : 'index, follow');
  }, [title, description, path, image, noindex]);
}
