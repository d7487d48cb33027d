/**
 * The page buttons of a paginated list (docs/product.md §2 Testimonials: Previous, page numbers, Next):
 * every page when there are few, else the first, the last and the current page with its
 * neighbours, with gaps shown as 'gap'.
 */
export type PageItem = number | 'gap';

/** Page items for `current` of `total` pages (1-based); [] when there is at most one page. */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 1) return [];
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  // Near an end, show enough pages that the row keeps the same length.
  if (current <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (current >= total - 2) [total - 3, total - 2, total - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) items.push(p - prev === 2 ? prev + 1 : 'gap');
    items.push(p);
  });
  return items;
}
