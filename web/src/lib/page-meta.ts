import { useEffect } from 'react';
import { BUSINESS } from '@domain/business';

/**
 * Sets the document title and meta description for the current route.
 * `title` is the page's own name; the business name is appended.
 */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BUSINESS.name}` : `${BUSINESS.name} – Christmas Tree Decorating in Maryland`;
    if (description) {
      let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = 'description';
        document.head.append(tag);
      }
      tag.content = description;
    }
  }, [title, description]);
}
