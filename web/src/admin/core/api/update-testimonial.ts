import { pb } from '@/lib/pb';
import type { ServerRow } from '../sync/transport';

/** The review fields the admin changes (docs/product.md §7 testimonials update). */
export type TestimonialChange = { is_approved: boolean; approved_at: string } | { is_featured: boolean };

/** PATCH a testimonial (admin update rule); resolves with the stored record. */
export function updateTestimonial(id: string, change: TestimonialChange): Promise<ServerRow> {
  return pb.collection('testimonials').update<ServerRow>(id, change, { requestKey: null });
}
