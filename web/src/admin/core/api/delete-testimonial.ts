import { pb } from '@/lib/pb';

/** DELETE a testimonial (docs/product.md §7 testimonials delete by id; admin delete rule). */
export async function deleteTestimonial(id: string): Promise<void> {
  await pb.collection('testimonials').delete(id, { requestKey: null });
}
