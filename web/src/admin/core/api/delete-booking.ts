import { pb } from '@/lib/pb';

/**
 * DELETE a booking (docs/product.md §7 bookings delete by id; admin delete rule). Its slots are free at
 * once (availability reads the bookings table); its charges and job events go with it (cascade).
 */
export async function deleteBooking(id: string): Promise<void> {
  await pb.collection('bookings').delete(id, { requestKey: null });
}
