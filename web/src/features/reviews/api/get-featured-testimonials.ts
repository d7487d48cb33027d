import { useLoadOnce } from '@/lib/use-load-once';
import type { Testimonial } from './get-testimonials';

/** How many featured reviews Home shows. */
export const FEATURED_ON_HOME = 3;

const ENDPOINT = '/api/collections/public_testimonials/records';

/**
 * The newest `limit` featured reviews (approved and flagged by the admin), read from the
 * public_testimonials view with a plain `fetch` rather than the PocketBase SDK, so Home stays
 * within its JavaScript budget. Rejects on a network failure or a non-2xx answer.
 */
export async function fetchFeaturedTestimonials(limit = FEATURED_ON_HOME): Promise<Testimonial[]> {
  const query = new URLSearchParams({ filter: 'is_featured = true', sort: '-approved_at,-created_at,id', perPage: String(limit), skipTotal: '1' });
  const response = await fetch(`${ENDPOINT}?${query}`);
  if (!response.ok) throw new Error(`public_testimonials answered ${response.status}`);
  const body = (await response.json()) as { items?: Testimonial[] };
  return body.items ?? [];
}

/** Featured reviews for Home: `[]` while loading and after a failure (the section is then left out). */
export function useFeaturedTestimonials(): Testimonial[] {
  return useLoadOnce(fetchFeaturedTestimonials, 'Featured reviews could not be loaded') ?? [];
}
